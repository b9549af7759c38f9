// Sizes of the built console (web/dist, from `npm run build -w web`): the gzip JavaScript the
// login route loads, and each page's own lazy chunk. Builds nothing; reads the Vite manifest.
// Usage: node bench/console-size.mjs [--json]
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = process.env.WEB_DIST ?? fileURLToPath(new URL('../web/dist/', import.meta.url));
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error('web/dist/.vite/manifest.json is missing: run `npm run build -w web` first.');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

/** Budget of the login route (issue 3): 300 KB of gzip JavaScript. */
const LOGIN_BUDGET_KB = 300;

const gzipKb = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;

/** A chunk and everything it imports statically (what the browser fetches with it). */
function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
}

const sum = (keys) => [...keys].reduce((kb, key) => kb + gzipKb(manifest[key].file), 0);
const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const entryClosure = closure([entry]);

function routeCost(src) {
  const all = closure([entry, src]);
  const own = [...all].filter((key) => !entryClosure.has(key));
  return { totalKb: sum(all), ownKb: sum(own), ownChunks: own.length };
}

const login = routeCost('src/features/auth/components/LoginPage.tsx');
const pages = Object.keys(manifest)
  .filter(
    (key) => key.startsWith('src/pages/') || key.includes('/components/') || key.includes('Shell'),
  )
  .filter((key) => manifest[key].isDynamicEntry)
  .map((key) => ({ page: key, chunk: manifest[key].file, gzipKb: gzipKb(manifest[key].file) }))
  .sort((a, b) => a.page.localeCompare(b.page));
const shell = routeCost('src/app/shell/Shell.tsx');
const home = closure([entry, 'src/app/shell/Shell.tsx', 'src/pages/index/index.tsx']);

const result = {
  loginRoute: {
    gzipKb: +login.totalKb.toFixed(1),
    budgetKb: LOGIN_BUDGET_KB,
    withinBudget: login.totalKb <= LOGIN_BUDGET_KB,
  },
  entryGzipKb: +sum(entryClosure).toFixed(1),
  shellAddsGzipKb: +shell.ownKb.toFixed(1),
  homeAfterLoginGzipKb: +sum(home).toFixed(1),
  lazyChunks: pages.map((p) => ({ ...p, gzipKb: +p.gzipKb.toFixed(2) })),
};

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(result, null, 2));
} else {
  const kb = (n) => `${n.toFixed(1)} KB`;
  console.log(
    `login route JavaScript (gzip): ${kb(login.totalKb)} (budget ${LOGIN_BUDGET_KB} KB) ${result.loginRoute.withinBudget ? 'OK' : 'OVER BUDGET'}`,
  );
  console.log(`entry and its imports (gzip):   ${kb(result.entryGzipKb)}`);
  console.log(`shell adds (gzip):              ${kb(result.shellAddsGzipKb)}`);
  console.log(`home page after login (gzip):   ${kb(result.homeAfterLoginGzipKb)}`);
  console.log('\nlazy chunks (own file, gzip):');
  for (const p of pages) console.log(`  ${p.gzipKb.toFixed(2).padStart(7)} KB  ${p.page}`);
}
process.exitCode = result.loginRoute.withinBudget ? 0 : 1;
