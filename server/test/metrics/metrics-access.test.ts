import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { scrape } from './scrape';

/**
 * Who may read GET /metrics: without METRICS_TOKEN only loopback callers that came through no
 * proxy (403 otherwise); with it, whoever sends `Authorization: Bearer <token>` (401 otherwise).
 */

const TOKEN = 'metrics-token-0123456789abcdef';
let open: TestApp;
let guarded: TestApp;
beforeAll(async () => {
  open = await createTestApp();
  guarded = await createTestApp({ settings: { metricsToken: TOKEN } });
});
afterAll(async () => {
  await open?.close();
  await guarded?.close();
});

const envelope = (body: string) => JSON.parse(body) as { code: number; msg: string; data: null };

describe('without METRICS_TOKEN', () => {
  it.each(['127.0.0.1', '::1', '::ffff:127.0.0.1'])('serves the loopback caller %s', async (ip) => {
    const s = await scrape(open, { remoteAddress: ip });
    expect(s.status).toBe(200);
    expect(s.families.size).toBeGreaterThan(0);
  });

  it('refuses any other caller with 403 in the envelope', async () => {
    const s = await scrape(open, {
      remoteAddress: '203.0.113.7',
      headers: { 'accept-language': 'en-US' },
    });
    expect(s.status).toBe(403);
    expect(envelope(s.body)).toEqual({ code: 403, msg: 'forbidden', data: null });
  });

  it('refuses a request a local proxy forwarded', async () => {
    for (const header of ['x-forwarded-for', 'forwarded']) {
      const s = await scrape(open, { headers: { [header]: '203.0.113.7' } });
      expect(s.status, header).toBe(403);
    }
  });
});

describe('with METRICS_TOKEN', () => {
  it('refuses a caller without the token with 401, even on loopback', async () => {
    const s = await scrape(guarded);
    expect(s.status).toBe(401);
    expect(envelope(s.body).code).toBe(401);
  });

  it('refuses a wrong token', async () => {
    for (const value of [`Bearer ${TOKEN}x`, 'Bearer nope', `Basic ${TOKEN}`]) {
      const s = await scrape(guarded, { headers: { authorization: value } });
      expect(s.status, value).toBe(401);
    }
  });

  it('serves the right token from anywhere', async () => {
    const s = await scrape(guarded, {
      remoteAddress: '203.0.113.7',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(s.status).toBe(200);
    expect(s.families.has('hotline_http_request_duration_seconds')).toBe(true);
  });
});
