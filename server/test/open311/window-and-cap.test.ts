import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { createIntegrationKey } from '../../src/modules/intake/integration-keys';
import { MAX_REQUESTS } from '../../src/modules/open311/open311.service';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * GET requests' response volume as the standard sets it: "a span of 90 days or first 1000
 * requests returned, whichever is smallest" — the default window, a window from one date, a
 * window too long, and the 1,000-row cap in both formats.
 */

const V2 = '/open311/v2';
const DAY = 86_400_000;
const MADE = MAX_REQUESTS + 5;

let t: TestApp;
let now: Date;

beforeAll(async () => {
  t = await createTestApp({ orders: 0 });
  now = t.ctx.now();
  const { id: integration } = await createIntegrationKey(t.ctx.db, 'window');
  // Requests one hour apart going back from now: the newest MADE cover 42 days.
  await sql`
    WITH made AS (
      INSERT INTO work_orders (order_num, type_id, title, major_content, caller_name,
                               caller_phone, address, urgency, call_time, refuse_deadline,
                               created_at, updated_at)
      SELECT 'WS' || lpad(g::text, 12, '0'), 1, '路灯不亮', '路灯不亮', '市民', '', '文一路',
             'general', ${now}::timestamptz - g * interval '1 hour',
             ${now}::timestamptz + interval '1 day',
             ${now}::timestamptz - g * interval '1 hour', ${now}::timestamptz
        FROM generate_series(0, ${MADE - 1}) g
      RETURNING id, call_time)
    INSERT INTO open311_requests (order_id, integration_id, fingerprint, service_code, created_at)
    SELECT id, ${integration}, md5(id::text), 'C010101', call_time FROM made`.execute(t.ctx.db);
});
afterAll(async () => {
  await t?.close();
});

const get = (query: string, format: 'json' | 'xml' = 'json') =>
  t.app.inject({ method: 'GET', url: `${V2}/requests.${format}?${query}` });
const iso = (at: Date) => at.toISOString();

describe('GET requests: window and cap', () => {
  it('answers at most 1,000 requests, the newest first, in both formats', async () => {
    const res = await get('');
    expect(res.statusCode).toBe(200);
    const ids = res.json<{ service_request_id: string }[]>().map((r) => r.service_request_id);
    expect(ids).toHaveLength(MAX_REQUESTS);
    expect(ids[0]).toBe('WS000000000000');
    expect(ids.at(-1)).toBe(`WS${String(MAX_REQUESTS - 1).padStart(12, '0')}`);
    const xml = await get('', 'xml');
    const parsed = new XMLParser({ isArray: (name) => name === 'request' }).parse(xml.body) as {
      service_requests: { request: unknown[] };
    };
    expect(parsed.service_requests.request).toHaveLength(MAX_REQUESTS);
  });

  it('start_date alone: the 90 days from it; end_date alone: the 90 days up to it', async () => {
    // From 200 days back: the window ends 110 days ago, before every request made (42 days).
    expect((await get(`start_date=${iso(new Date(now.getTime() - 200 * DAY))}`)).json()).toEqual(
      [],
    );
    const fromTenDays = (await get(`start_date=${iso(new Date(now.getTime() - 10 * DAY))}`)).json<
      unknown[]
    >();
    expect(fromTenDays).toHaveLength(10 * 24 + 1);
    const upToTwoDaysAgo = (await get(`end_date=${iso(new Date(now.getTime() - 2 * DAY))}`)).json<
      { service_request_id: string }[]
    >();
    expect(upToTwoDaysAgo).toHaveLength(MADE - 2 * 24);
    expect(upToTwoDaysAgo[0]?.service_request_id).toBe(`WS${String(48).padStart(12, '0')}`);
  });

  it('a window longer than 90 days is refused as the standard says (400)', async () => {
    const res = await get('start_date=2026-01-01T00:00:00Z&end_date=2026-06-01T00:00:00Z');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual([
      { code: 400, description: 'start_date, end_date: at most 90 days apart' },
    ]);
    const xml = await get('start_date=2026-01-01&end_date=2026-06-01', 'xml');
    expect(xml.statusCode).toBe(400);
    expect(xml.body).toContain('<description>start_date, end_date: at most 90 days apart');
    const ninety = await get('start_date=2026-01-01T00:00:00Z&end_date=2026-04-01T00:00:00Z');
    expect(ninety.statusCode).toBe(200);
  });
});
