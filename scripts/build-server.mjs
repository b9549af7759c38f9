// `npm run build:server` (part of `npm run build`): bundles the server into server/dist so that
// production runs plain `node server/dist/main.js` — no TypeScript compiler, no tsx.
//
// What is bundled: our own TypeScript (server/src and the workspace packages @hotline/domain and
// @hotline/contract, which ship as .ts sources). What is not: every package from node_modules
// (PGlite finds its WebAssembly beside its own files, argon2 is a native addon); they are
// imported from node_modules at run time as usual, so the bundle runs inside the checkout (or a
// copy with node_modules, server/migrations and web/dist).
//
// Files found at run time relative to a module (`new URL('../../migrations/', import.meta.url)`
// in server/src/db/migrate.ts, the console's web/dist in main.ts) keep working: in every bundled
// module that names import.meta.url, it is replaced by that module's own source location, so
// the same relative paths reach the same files. A worker thread is an entry of its own (WORKERS).
//
// Entries: main.js (the server); admin-create.js, integration-key.js, backup.js and restore.js
// (the operators' commands, as `npm run admin:create` etc. run them through tsx);
// xlsx-thread.js (the XLSX writer's worker).
import { readFile, rm } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = join(root, 'server/dist');

const ENTRIES = {
  main: 'server/src/main.ts',
  'admin-create': 'server/src/cli/admin-create.ts',
  'integration-key': 'server/src/cli/integration-key.ts',
  backup: 'server/src/cli/backup.ts',
  restore: 'server/src/cli/restore.ts',
};

/**
 * Worker threads: the module that starts one names its entry file relative to itself (a
 * TypeScript-loading shim under tsx); in the bundle it becomes the worker's own entry. The
 * build fails when `from` is no longer in `module`, so a rename cannot slip through.
 */
const WORKERS = [
  {
    module: 'server/src/lib/xlsx/worker.ts',
    from: "new URL('./thread-entry.mjs', import.meta.url)",
    entry: 'server/src/lib/xlsx/thread.ts',
    out: 'xlsx-thread',
  },
];

/** Our own sources: bundled (everything else is imported from node_modules at run time). */
const OWN = [join(root, 'server/src') + sep, join(root, 'packages') + sep];
const isOwn = (path) => OWN.some((dir) => path.startsWith(dir));

/** Bare imports stay imports, except our workspace packages (TypeScript sources). */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@hotline/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** import.meta.url → the module's source URL; worker entries → their bundled files. */
const sourceUrls = {
  name: 'source-urls',
  setup(b) {
    const used = new Set();
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (!isOwn(args.path)) return undefined;
      let text = await readFile(args.path, 'utf8');
      const workers = WORKERS.filter((w) => join(root, w.module) === args.path);
      if (!text.includes('import.meta.url') && workers.length === 0) return undefined;
      for (const worker of workers) {
        if (!text.includes(worker.from)) {
          throw new Error(`${worker.module} no longer says ${worker.from}: update WORKERS`);
        }
        text = text.replace(worker.from, `new URL('./${worker.out}.js', __bundleUrl)`);
        used.add(worker.module);
      }
      const fromBundle = relative(outdir, args.path).split(sep).join('/');
      text = text
        .replaceAll('import.meta.url', '__moduleUrl')
        .replaceAll('__bundleUrl', 'import.meta.url');
      const header = `const __moduleUrl = new URL(${JSON.stringify(fromBundle)}, import.meta.url).href;\n`;
      return { contents: header + text, loader: 'ts', resolveDir: dirname(args.path) };
    });
    b.onEnd((result) => {
      if (result.errors.length > 0) return;
      for (const worker of WORKERS) {
        if (!used.has(worker.module))
          throw new Error(`${worker.module} was not bundled: update WORKERS`);
      }
    });
  },
};

const entryPoints = {
  ...ENTRIES,
  ...Object.fromEntries(WORKERS.map((w) => [w.out, w.entry])),
};

await rm(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: Object.fromEntries(
    Object.entries(entryPoints).map(([name, path]) => [name, join(root, path)]),
  ),
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: 'linked',
  // Keeps stack traces and log lines readable; the bundle is not shipped to browsers.
  minify: false,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
  plugins: [externalPackages, sourceUrls],
});

const outputs = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.js'))
  .map(
    ([file, meta]) => `${relative(root, join(root, file))} ${Math.round(meta.bytes / 1024)} KiB`,
  );
console.log(
  `[build] server bundle (run it with \`npm run start:prod\`):\n  ${outputs.join('\n  ')}`,
);
