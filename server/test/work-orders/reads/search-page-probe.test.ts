import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { OrdersWhere } from '../../../src/modules/work-orders/reads/queue-sql';
import {
  keywordPage,
  keywordPlan,
  PROBE_ROWS,
} from '../../../src/modules/work-orders/reads/search-page';
import { readerFor } from '../../../src/modules/work-orders/reads/list-access';
import { hasKeyword } from '../../../src/modules/work-orders/reads/search-sql';
import type { DemoUsername } from '../../../src/seed/demo-org';
import { withKeywordSettings, withScanRows } from '../reads-fixtures';
import { PROBES, useKeywordWorld } from './search-page-world';

/**
 * The list probe (search-page.ts keywordPlan, listProbePlan and newestPage): a keyword page
 * found among a list's own newest rows is exactly the page of the plain statement, for queues,
 * scopes and filters, with the probe given few rows and many (the orders of search-page-world.ts,
 * ties across the probes' edges).
 */

const { w, plainIds, whereOf } = useKeywordWorld();

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
    const reader = await readerFor(w.t.ctx, w.who.dispatcher.auth);
    const plan = await keywordPlan(w.t.ctx, where, 'callTime', false, slice, sizes);
    const ids =
      plan.page ??
      (await keywordPage(w.db, plan.where, keyword, reader.now, slice, sizes, plan.listShort)).ids;
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
    const keywords = ['qy', '小区', w.rareTerm, '无此词语'];
    const slices = [
      [0, 20],
      [0, 1],
      [8, 20],
      [40, 10],
    ] as const;
    const ways = new Set<string>();
    await withScanRows(w.t, 1, () =>
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
    await withKeywordSettings(w.t, { keywordScanRows: 1_000_000 }, () =>
      eachPage(cases, ['qy', '小区', w.rareTerm], slices, async (c) => {
        const plan = await keywordPlan(w.t.ctx, c.where, 'callTime', false, c.slice, c.sizes);
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
    await withScanRows(w.t, 1, async () => {
      const deep = { direction: 'desc' as const, limit: 21, offset: PROBE_ROWS };
      const { where } = await whereOf('dispatcher', { keyword: 'qy' });
      const plan = await keywordPlan(w.t.ctx, where, 'callTime', true, deep);
      expect([plan.page, plan.listShort, plan.sampled]).toEqual([undefined, undefined, undefined]);
      for (const range of [
        { deadlineFrom: '2020-01-01', deadlineTo: '2099-12-31' },
        { dispatchTimeFrom: '2020-01-01' },
      ]) {
        const ranged = await whereOf('dispatcher', { keyword: 'qy', ...range });
        const first = { direction: 'desc' as const, limit: 21, offset: 0 };
        const got = await keywordPlan(w.t.ctx, ranged.where, 'callTime', true, first);
        expect([got.page, got.listShort], JSON.stringify(range)).toEqual([undefined, undefined]);
      }
      // Small lists test the keyword on their rows, as before: no list probe.
      await withKeywordSettings(w.t, { keywordScanRows: 1_000_000 }, async () => {
        const small = await keywordPlan(w.t.ctx, where, 'callTime', true, deep);
        expect([small.page, hasKeyword(small.where)]).toEqual([undefined, false]);
      });
    });
  });

  it('a list probe past its time (PostgreSQL): the list is read as before', async () => {
    if (process.env.TEST_DB !== 'postgres') return;
    // Each row of the list takes a millisecond to test: 300 of them, past LIST_PROBE_MS.
    const slow: OrdersWhere = () => sql<boolean>`(pg_sleep(0.001)::text <> 'x')`;
    await withScanRows(w.t, 1, async () => {
      const { where } = await whereOf('dispatcher', { keyword: w.rareTerm });
      const slice = { direction: 'desc' as const, limit: 21, offset: 0 };
      const plan = await keywordPlan(w.t.ctx, [...where, slow], 'callTime', true, slice);
      expect([plan.page, plan.listShort, hasKeyword(plan.where)]).toEqual([
        undefined,
        undefined,
        true,
      ]);
    });
  });
});
