import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * The built console (web/dist) served by the node itself.
 *
 * - Compressed: the build writes a brotli and a gzip copy beside every text asset
 *   (web/vite-precompress.ts); a browser that accepts one gets it (`Vary: Accept-Encoding`).
 *   The console's JavaScript is about 2 MB as it is and a quarter of that in brotli — what a
 *   street handler's phone downloads on the first visit.
 * - Cached: the files under `assets/` carry a hash of their content in their names, so a
 *   browser keeps them for a year without asking again (`immutable`); everything else
 *   (index.html, which names the current assets, the service worker, the legacy-browser page)
 *   is revalidated on every load (`no-cache`: a 304 when unchanged), so a new build is seen at
 *   once.
 */
export async function registerConsoleFiles(app: FastifyInstance, root: string): Promise<void> {
  const assets = join(root, 'assets');
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header('cache-control', isUnder(path, assets) ? HASHED : REVALIDATE);
    },
  });
}

/** For content-hashed file names: a year, never revalidated. */
export const HASHED = 'public, max-age=31536000, immutable';
/** For the rest: kept, but asked about on every use. */
export const REVALIDATE = 'no-cache';

function isUnder(path: string, dir: string): boolean {
  return path.startsWith(`${dir}/`) || path.startsWith(`${dir}\\`);
}
