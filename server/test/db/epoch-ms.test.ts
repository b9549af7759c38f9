import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epochMs } from '../../src/db/epoch-ms';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The exports read timestamps as epoch milliseconds computed in float8 (`epochMs`); they must be
 * the milliseconds `extract`'s exact numeric gives, for every instant: microsecond edges, both
 * sides of 1970, the ends of the float path's range and past them, and random instants.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ orders: 0 });
});
afterAll(async () => {
  await t?.close();
});

const EDGES = [
  '1970-01-01 00:00:00+00',
  '1970-01-01 00:00:00.000001+00',
  '1969-12-31 23:59:59.999999+00',
  '1969-12-31 23:59:59.999+00',
  '1900-06-30 12:00:00.000999+00',
  '1834-01-01 00:00:00.000001+00',
  '1833-12-31 23:59:59.999999+00',
  '1700-03-01 08:00:00.5+00',
  '2026-12-06 05:18:13.999999+00',
  '2026-12-06 05:18:14.001+00',
  '2026-12-06 05:18:14.000999+00',
  // whole milliseconds a naive floor(date_part(…) * 1000) reads one early
  '1987-05-21 23:30:21.476+00',
  '2004-08-31 00:39:25.422+00',
  '2038-01-19 03:14:08.123456+00',
  '2105-12-31 23:59:59.999999+00',
  '2106-01-01 00:00:00+00',
  '2111-10-28 10:46:18.042999+00',
  '2112-03-12 03:26:43.007999+00',
  '9999-12-31 23:59:59.999999+00',
];

interface Pair {
  t: string;
  fast: number | null;
  exact: number | null;
  naive: number | null;
}

async function compare(source: ReturnType<typeof sql>): Promise<Pair[]> {
  const r = await sql<Pair>`
    SELECT t::text AS t, ${epochMs('s.t')} AS fast,
      floor(extract(epoch from s.t) * 1000)::float8 AS exact,
      floor(date_part('epoch', s.t) * 1000) AS naive
    FROM (${source}) AS s`.execute(t.ctx.db);
  return r.rows.map((row) => ({
    ...row,
    fast: row.fast === null ? null : Number(row.fast),
    exact: row.exact === null ? null : Number(row.exact),
    naive: row.naive === null ? null : Number(row.naive),
  }));
}

describe('epochMs', () => {
  it('equals the numeric milliseconds at the edges, and null stays null', async () => {
    const values = sql.join(EDGES.map((e) => sql`(${e}::timestamptz)`));
    const rows = await compare(sql`SELECT * FROM (VALUES ${values}, (NULL::timestamptz)) AS v(t)`);
    expect(rows).toHaveLength(EDGES.length + 1);
    for (const row of rows) expect(row.fast, row.t).toBe(row.exact);
    expect(rows.find((r) => r.t === null)?.fast).toBeNull();
    // the set tells the rounding apart from a naive float path (which reads some a ms early)
    expect(rows.some((r) => r.naive !== r.exact)).toBe(true);
    // and JavaScript reads the same milliseconds from the text
    const now = rows.find((r) => r.t?.startsWith('2026-12-06 05:18:13'))!;
    expect(now.fast).toBe(Date.parse('2026-12-06T05:18:13.999Z'));
  });

  it('equals the numeric milliseconds for 20,000 random instants of 1834–2106 and beyond', async () => {
    const rows = await compare(sql`
      SELECT timestamptz 'epoch' + ((hashtextextended(g::text, 7) % 4400000000000000)
        + 800000000000000) * interval '1 microsecond' AS t
      FROM generate_series(1, 20000) AS g`);
    expect(rows).toHaveLength(20000);
    const wrong = rows.filter((r) => r.fast !== r.exact);
    expect(wrong).toEqual([]);
  });
});
