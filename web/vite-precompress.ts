import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * A brotli (`.br`) and a gzip (`.gz`) copy beside every text file under the build's `assets/`
 * of at least MIN_BYTES, written once at build time so the server sends them as they are
 * (server/src/http/console-files.ts, `preCompressed`) instead of compressing on every request.
 * Smaller files gain too little for the bytes of their headers.
 */
export const MIN_BYTES = 1024;
const TEXT = /\.(js|mjs|css|json|svg|html|txt)$/;

export function precompressDir(dir: string): { files: number; bytes: number; brotli: number } {
  let files = 0;
  let bytes = 0;
  let brotli = 0;
  for (const name of readdirSync(dir)) {
    if (!TEXT.test(name)) continue;
    const path = join(dir, name);
    const data = readFileSync(path);
    if (data.length < MIN_BYTES) continue;
    const br = brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    writeFileSync(`${path}.br`, br);
    writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
    files++;
    bytes += data.length;
    brotli += br.length;
  }
  return { files, bytes, brotli };
}

/** The Vite plugin: precompressDir on `<outDir>/assets` once the bundle is written. */
export function precompress(): Plugin {
  let assets = 'dist/assets';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      assets = join(config.root, config.build.outDir, config.build.assetsDir);
    },
    closeBundle() {
      const { files, bytes, brotli } = precompressDir(assets);
      const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
      console.log(`precompress: ${files} files, ${kb(bytes)} → ${kb(brotli)} brotli`);
    },
  };
}
