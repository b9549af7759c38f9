import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listBody } from '@hotline/contract';
import type { Db } from '../../../src/context';
import { readerFor } from '../../../src/modules/work-orders/reads/list-access';
import { listWhere } from '../../../src/modules/work-orders/reads/list.service';
import type { OrdersWhere } from '../../../src/modules/work-orders/reads/queue-sql';
import {
  keywordPage,
  keywordPlan,
  PROBE_ROWS,
  type KeywordPath,
} from '../../../src/modules/work-orders/reads/search-page';
import { searchKeys } from '../../../src/modules/work-orders/reads/search-keys';
import { hasKeyword, keywordWhere } from '../../../src/modules/work-orders/reads/search-sql';
import type { DemoUsername } from '../../../src/seed/demo-org';
import {
  callers,
  list,
  plainIds as plainPage,
  withKeywordSettings,
  withScanRows,
  type Caller,
} from '../reads-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * A keyword page read by the bounded probe or by the week windows (newest or oldest first) is
 * exactly the page of the plain statement — `ORDER BY call_time DIR, id DIR LIMIT … OFFSET …`
 * over the same clauses — for frequent, rare and absent terms, deep offsets, queues and
 * scopes. The probe is given a few rows and many, so both it and what follows it are taken;
 * the newest orders and some in the middle share one call time (ties are decided by id).
 */

let t: TestApp;
let db: Db;
let who: Record<DemoUsername, Caller>;
let rareTerm: string;

beforeAll(async () => {
  t = await createTestApp({ orders: 300 });
  db = t.ctx.db;
  who = await callers(t);
  // Ties across the probe's edge: the 40 newest orders share the newest call time, and 30
  // from the middle of history share one call time.
  await sql`UPDATE work_orders SET call_time = (SELECT max(call_time) FROM work_orders)
             WHERE id IN (SELECT id FROM work_orders ORDER BY call_time DESC, id DESC LIMIT 40)`.execute(
    db,
  );
  await sql`UPDATE work_orders SET call_time = (SELECT call_time FROM work_orders ORDER BY call_time DESC, id DESC OFFSET 150 LIMIT 1)
             WHERE id IN (SELECT id FROM work_orders ORDER BY call_time DESC, id DESC OFFSET 140 LIMIT 30)`.execute(
    db,
  );
  // The oldest order is one every list shows, two weeks before the rest (the first week of
  // the oldest-first windows).
  await sql`UPDATE work_orders SET call_time = (SELECT min(call_time) FROM work_orders) - interval '14 days'
             WHERE id = (SELECT min(id) FROM work_orders WHERE type_id = 1)`.execute(db);
  // A term of a single order: its order number.
  const { rows } = await sql<{ n: string }>`
    SELECT order_num AS n FROM work_orders WHERE type_id = 1 ORDER BY id LIMIT 1`.execute(db);
  rareTerm = rows[0]?.n ?? '';
}, 600_000);
afterAll(async () => {
  await t?.close();
});

/** The plain statement a page replaces (the keyword clause included, as list-filters makes it). */
const plainIds = (
  where: readonly OrdersWhere[],
  direction: 'asc' | 'desc',
  limit: number,
  offset: number,
) => plainPage(db, where, 'call_time', direction, limit, offset);

async function whereOf(user: DemoUsername, fields: Record<string, unknown>) {
  const reader = await readerFor(t.ctx, who[user].auth);
  return { reader, where: await listWhere(t.ctx, reader, listBody.parse(fields)) };
}

/** Probe sizes: at the newest 40 (tied) or inside the 30 tied in the middle, or all orders. */
const PROBES = [
  { rows: 3, maxRows: 3 },
  { rows: 25, maxRows: 25 },
  { rows: 25, maxRows: 150 },
  { rows: 150, maxRows: 150 },
  { rows: 1000, maxRows: 1000 },
];

/**
 * Every page (size + 1 rows, like the service) at the given offsets, both directions and
 * several probe sizes, equals the plain statement's; returns the paths taken.
 */
async function expectSamePages(
  user: DemoUsername,
  fields: Record<string, unknown> & { keyword: string },
  offsets: readonly number[],
): Promise<Set<KeywordPath>> {
  const { reader, where } = await whereOf(user, fields);
  const paths = new Set<KeywordPath>();
  for (const direction of ['desc', 'asc'] as const) {
    for (const offset of offsets) {
      for (const size of [1, 20]) {
        const expected = await plainIds(where, direction, size + 1, offset);
        for (const probe of PROBES) {
          const page = { direction, limit: size + 1, offset };
          const got = await keywordPage(db, where, fields.keyword, reader.now, page, probe);
          paths.add(got.via);
          expect(
            got.ids,
            `${user} ${JSON.stringify(fields)} ${direction} @${offset}+${size + 1} probe ${probe.rows}/${probe.maxRows} via ${got.via}`,
          ).toEqual(expected);
        }
      }
    }
  }
  return paths;
}

describe('keyword pages: probe and windows equal the plain ORDER BY … LIMIT/OFFSET', () => {
  it('frequent terms take the probe and, where it falls short, the windows', async () => {
    const seen = new Set<KeywordPath>();
    for (const keyword of ['小区', 'qy', '望湖街道']) {
      const total = (
        await plainIds((await whereOf('dispatcher', { keyword })).where, 'desc', 1e6, 0)
      ).length;
      expect(total, keyword).toBeGreaterThan(30);
      const paths = await expectSamePages('dispatcher', { keyword }, [0, 7, 29, 45, total - 5]);
      for (const p of paths) seen.add(p);
    }
    expect([...seen].sort()).toEqual(['longer probe', 'probe', 'windows']);
  }, 600_000);

  it('a rare term, a term found nowhere and offsets past the end', async () => {
    expect(rareTerm.length).toBeGreaterThan(5);
    const rare = await expectSamePages('dispatcher', { keyword: rareTerm }, [0, 1, 3]);
    const none = await expectSamePages('dispatcher', { keyword: '无此词语' }, [0, 20]);
    expect(
      (await plainIds((await whereOf('dispatcher', { keyword: rareTerm })).where, 'desc', 9, 0))
        .length,
    ).toBe(1);
    // Too few matches for any probe: the windows.
    expect([...rare, ...none]).toEqual(['windows', 'windows']);
    // The probe tests the literal substring (strpos), the plain statement LIKE with the
    // wildcards escaped: the same rows, in either case.
    for (const keyword of ['小%', '__', 'a\\', 'QY']) {
      await expectSamePages('dispatcher', { keyword }, [0]);
    }
    const beyond = await expectSamePages('dispatcher', { keyword: 'qy' }, [290, 10_000]);
    expect([...beyond]).toEqual(['windows']);
  }, 600_000);

  it('with scopes, queues and filters', async () => {
    const cases: [DemoUsername, Record<string, unknown>][] = [
      ['street1', {}],
      ['dept1', {}],
      ['visitor', {}],
      ['agent', {}],
      ['dispatcher', { status: '91,92' }],
      ['dispatcher', { urgency: 'emergency,utility' }],
      ['visitor', { menuId: 'hf_dhf' }],
      ['dispatcher', { menuId: 'qu_ybj' }],
      ['street1', { menuId: 'jd_ybj' }],
    ];
    const paths = new Set<KeywordPath>();
    for (const [user, fields] of cases) {
      for (const keyword of ['qy', '小区']) {
        for (const p of await expectSamePages(user, { ...fields, keyword }, [0, 8])) paths.add(p);
      }
    }
    expect([...paths].sort()).toEqual(['longer probe', 'probe', 'windows']);
  }, 600_000);

  it('through the API, newest and oldest first', async () => {
    const { where } = await whereOf('dispatcher', { keyword: '小区' });
    for (const sortOrder of ['desc', 'asc'] as const) {
      for (const pageNo of [1, 2, 5]) {
        const r = await list(t, who.dispatcher.token, {
          keyword: '小区',
          sortOrder,
          pageNo,
          pageSize: 10,
        });
        const expected = await plainIds(where, sortOrder, 11, (pageNo - 1) * 10);
        expect([r.data.list.map((o) => o.id), r.data.hasMore], `${sortOrder} ${pageNo}`).toEqual([
          expected.slice(0, 10),
          expected.length > 10,
        ]);
      }
    }
  }, 300_000);
});

describe('keywordPlan', () => {
  it('tests the keyword on the rows when the other clauses keep few, else uses the index', async () => {
    // Matches never collected first here (the next test).
    const { keywordIdsMax } = t.ctx.settings;
    t.ctx.settings.keywordIdsMax = 0;
    const where = [keywordWhere('小区')];
    const viaIndex = async (scanRows: number) => {
      t.ctx.settings.keywordScanRows = scanRows;
      return hasKeyword((await keywordPlan(t.ctx, where)).where);
    };
    expect(await viaIndex(1_000_000)).toBe(false);
    // Those few rows are read through their own indexes and the matches sorted when the term
    // is rare among the newest orders (a walk of the sort key's index could pass every
    // order); a frequent one walks.
    expect((await keywordPlan(t.ctx, where)).sortMatches).toBe(false);
    for (const term of [rareTerm, '无此词语']) {
      const plan = await keywordPlan(t.ctx, [keywordWhere(term)], 'other');
      expect([hasKeyword(plan.where), plan.sortMatches], term).toEqual([false, true]);
    }
    // Rare or frequent is judged among the few rows themselves: a term frequent among all
    // orders but absent from those rows sorts them (a walk would pass every order); the same
    // term among rows that hold it walks.
    const holding =
      (has: boolean): OrdersWhere =>
      () =>
        sql<boolean>`work_orders.id IN (SELECT order_id FROM order_search
                    WHERE (strpos(search_text, '小区') > 0) = ${has})`;
    for (const has of [false, true]) {
      const plan = await keywordPlan(t.ctx, [...where, holding(has)], 'other');
      expect([hasKeyword(plan.where), plan.sortMatches], `holding ${has}`).toEqual([false, !has]);
    }
    // Every order is more than one row: the estimate is over the limit.
    expect(await viaIndex(1)).toBe(true);
    expect(await viaIndex(0)).toBe(true);
    t.ctx.settings.keywordIdsMax = keywordIdsMax;
  });

  it('collects the matches of a rare term first when the list is not small, up to keywordIdsMax', async () => {
    const plan = async (term: string, keywordIdsMax: number) => {
      const where = [keywordWhere(term, undefined, await searchKeys(db, term))];
      return withKeywordSettings(t, { keywordScanRows: 1, keywordIdsMax }, () =>
        keywordPlan(t.ctx, where),
      );
    };
    const rare = await plan(rareTerm, 10);
    expect([rare.inHand, rare.sortMatches, hasKeyword(rare.where)]).toEqual([true, true, false]);
    // The clause left is the list of matches: the one order whose number the term is.
    let query = db.selectFrom('work_orders').select('work_orders.id');
    for (const w of rare.where) query = query.where(w);
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM order_search
       WHERE strpos(search_text, lower(${rareTerm})) > 0`.execute(db);
    expect((await query.execute()).length).toBe(rows[0]!.n);
    const absent = await plan('无此词语', 10);
    expect([absent.inHand, hasKeyword(absent.where)]).toEqual([true, false]);
    // More matches than the most kept, or never: through the index as before.
    for (const [term, max] of [
      ['小区', 10],
      [rareTerm, 0],
    ] as const) {
      const got = await plan(term, max);
      expect([got.inHand, hasKeyword(got.where)], `${term} ${max}`).toEqual([undefined, true]);
    }
  });

  it('sorted by something else, a broad list tests a frequent term on the rows, a rare one via the index', async () => {
    // Matches never collected first here (withScanRows: keywordIdsMax 0; the test above).
    t.ctx.settings.keywordScanRows = 1;
    t.ctx.settings.keywordIdsMax = 0;
    const plan = async (term: string) =>
      hasKeyword((await keywordPlan(t.ctx, [keywordWhere(term)], 'other')).where)
        ? 'index'
        : 'rows';
    expect(await plan('小区')).toBe('rows');
    // A frequent term is found within a short walk of the sort key's index.
    expect((await keywordPlan(t.ctx, [keywordWhere('小区')], 'other')).sortMatches).toBe(false);
    expect(await plan(rareTerm)).toBe('index');
    expect(await plan('无此词语')).toBe('index');
    // Sorted by call time the windows bound the index: no probe, the index.
    expect(hasKeyword((await keywordPlan(t.ctx, [keywordWhere('小区')], 'callTime')).where)).toBe(
      true,
    );
  });
});

describe('the list probe: a big list sorted by call time, its page among its own newest rows', () => {
  /**
   * The page as the service reads it (list.service.ts pageOf): the plan's page when the list
   * probe found it, else keywordPage (without its probes when the list probe fell short).
   */
  async function servicePage(
    where: readonly OrdersWhere[],
    keyword: string,
    slice: Slice,
    sizes: (typeof PROBES)[number],
  ) {
    const reader = await readerFor(t.ctx, who.dispatcher.auth);
    const plan = await keywordPlan(t.ctx, where, 'callTime', false, slice, sizes);
    const ids =
      plan.page ??
      (await keywordPage(db, plan.where, keyword, reader.now, slice, sizes, plan.listShort)).ids;
    return { plan, ids };
  }
  type Slice = { direction: 'asc' | 'desc'; limit: number; offset: number };

  interface PageCase {
    where: readonly OrdersWhere[];
    keyword: string;
    slice: Slice;
    sizes: (typeof PROBES)[number];
    /** The plain statement's page of the case. */
    expected: () => Promise<number[]>;
    what: string;
  }

  /**
   * Every case × keyword × direction × (offset, size) × probe size: the list probe given a few
   * rows, or a few and then more, or all of them.
   */
  async function eachPage(
    cases: readonly [DemoUsername, Record<string, unknown>][],
    keywords: readonly string[],
    slices: readonly (readonly [number, number])[],
    check: (c: PageCase) => Promise<void>,
  ): Promise<void> {
    for (const [user, fields] of cases) {
      for (const keyword of keywords) {
        const { where } = await whereOf(user, { ...fields, keyword });
        for (const direction of ['desc', 'asc'] as const) {
          for (const [offset, size] of slices) {
            for (const sizes of PROBES) {
              const slice = { direction, limit: size + 1, offset };
              const expected = () => plainIds(where, direction, size + 1, offset);
              const what = `${user} ${JSON.stringify(fields)} ${keyword} ${direction} @${offset} probe ${sizes.rows}/${sizes.maxRows}`;
              await check({ where, keyword, slice, sizes, expected, what });
            }
          }
        }
      }
    }
  }

  it('equals the plain statement for queues, scopes and filters, found or fallen short', async () => {
    const cases: [DemoUsername, Record<string, unknown>][] = [
      ['dispatcher', {}],
      ['street1', {}],
      ['visitor', { menuId: 'hf_dhf' }],
      ['dispatcher', { menuId: 'qu_ybj' }],
      ['dispatcher', { status: '91,92' }],
      ['street1', { menuId: 'jd_ybj' }],
    ];
    const keywords = ['qy', '小区', rareTerm, '无此词语'];
    const slices = [
      [0, 20],
      [0, 1],
      [8, 20],
      [40, 10],
    ] as const;
    const ways = new Set<string>();
    await withScanRows(t, 1, () =>
      eachPage(
        cases,
        keywords,
        slices,
        async ({ where, keyword, slice, sizes, expected, what }) => {
          const { plan, ids } = await servicePage(where, keyword, slice, sizes);
          // A list the planner takes for one row or none is small even here: on its rows.
          const way = !hasKeyword(plan.where)
            ? 'rows'
            : plan.page
              ? 'found'
              : plan.listShort
                ? 'short'
                : 'not tried';
          ways.add(way);
          expect(ids, what).toEqual(await expected());
        },
      ),
    );
    // The list probe leaves the keyword on the search index (the total counts there); a page
    // deeper than it reads is not tried.
    expect([...ways].sort()).toEqual(['found', 'not tried', 'rows', 'short']);
  }, 600_000);

  it("a small list's probe of its newest rows finds the page too: the plain statement's", async () => {
    const cases: [DemoUsername, Record<string, unknown>][] = [
      ['visitor', { menuId: 'hf_dhf' }],
      ['dispatcher', { menuId: 'qu_ybj' }],
      ['street1', {}],
      ['dispatcher', { status: '91,92' }],
      ['dispatcher', { dispatchTimeFrom: '2020-01-01' }],
    ];
    const slices = [
      [0, 20],
      [0, 1],
      [8, 20],
    ] as const;
    const ways = new Set<string>();
    await withKeywordSettings(t, { keywordScanRows: 1_000_000 }, () =>
      eachPage(cases, ['qy', '小区', rareTerm], slices, async (c) => {
        const plan = await keywordPlan(t.ctx, c.where, 'callTime', false, c.slice, c.sizes);
        expect(hasKeyword(plan.where), c.what).toBe(false);
        // Not found: the page walks (or sorts) the list's rows, the keyword on each.
        const way = plan.page ? 'found' : plan.sortMatches ? 'sorted' : 'walked';
        ways.add(way);
        const { direction, limit, offset } = c.slice;
        const ids = plan.page ?? (await plainIds(plan.where, direction, limit, offset));
        expect(ids, `${c.what} ${way}`).toEqual(await c.expected());
      }),
    );
    expect([...ways].sort()).toEqual(['found', 'sorted', 'walked']);
  }, 600_000);

  it('not tried for a page deeper than the probe, nor with a deadline or dispatch-time range', async () => {
    await withScanRows(t, 1, async () => {
      const deep = { direction: 'desc' as const, limit: 21, offset: PROBE_ROWS };
      const { where } = await whereOf('dispatcher', { keyword: 'qy' });
      const plan = await keywordPlan(t.ctx, where, 'callTime', true, deep);
      expect([plan.page, plan.listShort, plan.sampled]).toEqual([undefined, undefined, undefined]);
      for (const range of [
        { deadlineFrom: '2020-01-01', deadlineTo: '2099-12-31' },
        { dispatchTimeFrom: '2020-01-01' },
      ]) {
        const ranged = await whereOf('dispatcher', { keyword: 'qy', ...range });
        const first = { direction: 'desc' as const, limit: 21, offset: 0 };
        const got = await keywordPlan(t.ctx, ranged.where, 'callTime', true, first);
        expect([got.page, got.listShort], JSON.stringify(range)).toEqual([undefined, undefined]);
      }
      // Small lists test the keyword on their rows, as before: no list probe.
      await withKeywordSettings(t, { keywordScanRows: 1_000_000 }, async () => {
        const small = await keywordPlan(t.ctx, where, 'callTime', true, deep);
        expect([small.page, hasKeyword(small.where)]).toEqual([undefined, false]);
      });
    });
  });

  it('a list probe past its time (PostgreSQL): the list is read as before', async () => {
    if (process.env.TEST_DB !== 'postgres') return;
    // Each row of the list takes a millisecond to test: 300 of them, past LIST_PROBE_MS.
    const slow: OrdersWhere = () => sql<boolean>`(pg_sleep(0.001)::text <> 'x')`;
    await withScanRows(t, 1, async () => {
      const { where } = await whereOf('dispatcher', { keyword: rareTerm });
      const slice = { direction: 'desc' as const, limit: 21, offset: 0 };
      const plan = await keywordPlan(t.ctx, [...where, slow], 'callTime', true, slice);
      expect([plan.page, plan.listShort, hasKeyword(plan.where)]).toEqual([
        undefined,
        undefined,
        true,
      ]);
    });
  });
});
