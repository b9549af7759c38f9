import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileApp, file } from '../intake/intake-fixtures';
import { SAMPLES } from '../intake/intake-samples';
import type { FileApp } from '../intake/intake-fixtures';

/**
 * Helmet's headers on every answer (issue 19, server/src/http/security-headers.ts), with the
 * exceptions that must be framed by the console (file previews, the call window) and the API
 * document's own policy. The console pages themselves are checked in Chromium
 * (e2e/tests/security-headers.spec.ts).
 */

let f: FileApp;
beforeAll(async () => {
  f = await createFileApp(['dispatcher']);
});
afterAll(async () => {
  await f?.close();
});

const get = (url: string, token?: string) =>
  f.t.app.inject({
    method: 'GET',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe('security headers', () => {
  it('an API answer (and an error) carries the strict policy and the other headers', async () => {
    for (const url of ['/api/publicKey', '/api/no/such/path']) {
      const res = await get(url);
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("object-src 'none'");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      // HSTS is the TLS proxy's to send, not a node's speaking plain HTTP.
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('a downloaded file may be framed by the console only (PDF preview)', async () => {
    const up = await f.upload('dispatcher', [file('预览.pdf', SAMPLES.pdf!)]);
    expect(up.status).toBe(200);
    const res = await get(up.data.url, f.tokens.dispatcher);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('the call window keeps its own nonce policy; the API document has its own', async () => {
    const call = await get('/api/addons/call/window');
    expect(String(call.headers['content-security-policy'])).toMatch(/script-src 'nonce-/);
    expect(call.headers['x-frame-options']).toBe('SAMEORIGIN');
    const docs = await get('/api/docs/static/index.html');
    const csp = String(docs.headers['content-security-policy']);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});
