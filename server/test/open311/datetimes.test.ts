import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntegrationKey } from '../../src/modules/intake/integration-keys';
import { fileOpen311Request } from '../support/open311';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * A request's times are ISO 8601 in China time with the offset (`…+08:00`), whole seconds, as
 * the standard's examples give them; PostgreSQL writes them (open311.repository.ts). Held here
 * to the instant's own arithmetic, across a day's, a year's and a leap day's edge, and with no
 * deadline.
 */

const V2 = '/open311/v2';

let t: TestApp;
let num = '';
let id = 0;

beforeAll(async () => {
  t = await createTestApp({ orders: 1 });
  const { key } = await createIntegrationKey(t.ctx.db, 'datetimes');
  ({ id, num } = await fileOpen311Request(t, key, '路灯不亮'));
});
afterAll(async () => {
  await t?.close();
});

/** The instant in China time, written from the instant alone (no time-zone library). */
function reference(at: Date): string {
  const shifted = new Date(at.getTime() + 8 * 3_600_000).toISOString();
  return `${shifted.slice(0, 19)}+08:00`;
}

interface Times {
  requested_datetime: string | null;
  updated_datetime: string | null;
  expected_datetime: string | null;
}

async function published(): Promise<{ json: Times; xml: string }> {
  const json = await t.app.inject({ method: 'GET', url: `${V2}/requests/${num}.json` });
  const xml = await t.app.inject({ method: 'GET', url: `${V2}/requests/${num}.xml` });
  expect(json.statusCode).toBe(200);
  expect(xml.statusCode).toBe(200);
  return { json: json.json<Times[]>()[0]!, xml: xml.body };
}

const CASES: [string, string, string | null][] = [
  // call time, updated, deadline (UTC)
  ['2026-11-25T01:30:00.789Z', '2026-11-25T01:30:59.999Z', '2026-11-27T09:00:00.000Z'],
  ['2026-12-31T15:59:59.999Z', '2026-12-31T16:00:00.000Z', '2027-01-01T16:00:00.001Z'],
  ['2028-02-28T16:00:00.000Z', '2028-02-29T15:59:59.000Z', null],
  ['2019-06-30T23:59:59.500Z', '2019-07-01T00:00:00.000Z', '2019-07-05T04:05:06.000Z'],
];

describe('Open311 datetimes', () => {
  it.each(CASES)('call %s, updated %s, deadline %s', async (call, updated, deadline) => {
    await t.ctx.db
      .updateTable('work_orders')
      .set({
        call_time: new Date(call),
        updated_at: new Date(updated),
        deadline: deadline === null ? null : new Date(deadline),
      })
      .where('id', '=', id)
      .execute();
    const { json, xml } = await published();
    const want = {
      requested_datetime: reference(new Date(call)),
      updated_datetime: reference(new Date(updated)),
      expected_datetime: deadline === null ? null : reference(new Date(deadline)),
    };
    expect(json).toMatchObject(want);
    expect(xml).toContain(`<requested_datetime>${want.requested_datetime}</requested_datetime>`);
    expect(xml).toContain(`<updated_datetime>${want.updated_datetime}</updated_datetime>`);
    expect(xml).toContain(
      want.expected_datetime === null
        ? '<expected_datetime/>'
        : `<expected_datetime>${want.expected_datetime}</expected_datetime>`,
    );
  });
});
