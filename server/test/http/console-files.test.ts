import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HASHED, REVALIDATE, registerConsoleFiles } from '../../src/http/console-files';

/**
 * The built console as the node serves it (src/http/console-files.ts): the build's compressed
 * copies to a browser that accepts them, hashed assets cached for good, the rest revalidated.
 */

const SCRIPT = `console.log(${JSON.stringify('工单'.repeat(2000))});\n`;
let dir = '';
let app: FastifyInstance;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'console-files-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><script src="/assets/index-abc.js">');
  writeFileSync(join(dir, 'sw.js'), "const VERSION = 'x';\n");
  writeFileSync(join(dir, 'assets', 'index-abc.js'), SCRIPT);
  writeFileSync(join(dir, 'assets', 'index-abc.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(dir, 'assets', 'index-abc.js.gz'), gzipSync(SCRIPT));
  app = Fastify();
  await registerConsoleFiles(app, dir);
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the console files', () => {
  it('an asset goes out in brotli, else gzip, else as it is — the same script each way', async () => {
    const br = await get('/assets/index-abc.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 10);

    const gz = await get('/assets/index-abc.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');

    const plain = await get('/assets/index-abc.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('hashed assets are kept for a year; the page and the service worker are revalidated', async () => {
    expect((await get('/assets/index-abc.js', 'br')).headers['cache-control']).toBe(HASHED);
    expect((await get('/assets/index-abc.js')).headers['cache-control']).toBe(HASHED);
    for (const url of ['/', '/index.html', '/sw.js']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(REVALIDATE);
      expect(res.headers.etag, url).toBeTruthy();
    }
  });

  it('an unchanged page is answered 304 when the browser asks again', async () => {
    const first = await get('/index.html');
    const again = await app.inject({
      method: 'GET',
      url: '/index.html',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});
