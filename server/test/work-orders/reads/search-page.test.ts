import { sql } from 'kysely';
import { expect, describe, it } from 'vitest';
import type { OrdersWhere } from '../../../src/modules/work-orders/reads/queue-sql';
import {
  keywordPage,
  keywordPlan,
  type KeywordPath,
} from '../../../src/modules/work-orders/reads/search-page';
import { searchKeys } from '../../../src/modules/work-orders/reads/search-keys';
import {
  amongOf,
  hasKeyword,
  keywordWhere,
} from '../../../src/modules/work-orders/reads/search-sql';
import type { DemoUsername } from '../../../src/seed/demo-org';
import { list, withKeywordSettings } from '../reads-fixtures';
import { PROBES, useKeywordWorld } from './search-page-world';

/**
 * A keyword page read by the bounded probe or by the week windows (newest or oldest first) is
 * exactly the page of the plain statement — `ORDER BY call_time DIR, id DIR LIMIT … OFFSET …`
 * over the same clauses — for frequent, rare and absent terms, deep offsets, queues and
 * scopes. The probe is given a few rows and many, so both it and what follows it are taken;
 * the newest orders and some in the middle share one call time (ties are decided by id).
 */

const { w, plainIds, whereOf } = useKeywordWorld();

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
          const got = await keywordPage(w.db, where, fields.keyword, reader.now, page, probe);
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
    expect(w.rareTerm.length).toBeGreaterThan(5);
    const rare = await expectSamePages('dispatcher', { keyword: w.rareTerm }, [0, 1, 3]);
    const none = await expectSamePages('dispatcher', { keyword: '无此词语' }, [0, 20]);
    expect(
      (await plainIds((await whereOf('dispatcher', { keyword: w.rareTerm })).where, 'desc', 9, 0))
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
        const r = await list(w.t, w.who.dispatcher.token, {
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
    const { keywordIdsMax } = w.t.ctx.settings;
    w.t.ctx.settings.keywordIdsMax = 0;
    const where = [keywordWhere('小区')];
    const viaIndex = async (scanRows: number) => {
      w.t.ctx.settings.keywordScanRows = scanRows;
      return hasKeyword((await keywordPlan(w.t.ctx, where)).where);
    };
    expect(await viaIndex(1_000_000)).toBe(false);
    // Those few rows are read through their own indexes and the matches sorted when the term
    // is rare among the newest orders (a walk of the sort key's index could pass every
    // order); a frequent one walks.
    expect((await keywordPlan(w.t.ctx, where)).sortMatches).toBe(false);
    for (const term of [w.rareTerm, '无此词语']) {
      const plan = await keywordPlan(w.t.ctx, [keywordWhere(term)], 'other');
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
      const plan = await keywordPlan(w.t.ctx, [...where, holding(has)], 'other');
      expect([hasKeyword(plan.where), plan.sortMatches], `holding ${has}`).toEqual([false, !has]);
    }
    // Every order is more than one row: the estimate is over the limit.
    expect(await viaIndex(1)).toBe(true);
    expect(await viaIndex(0)).toBe(true);
    w.t.ctx.settings.keywordIdsMax = keywordIdsMax;
  });

  it('collects the matches of a rare term first when the list is not small, up to keywordIdsMax', async () => {
    const plan = async (term: string, keywordIdsMax: number) => {
      const where = [keywordWhere(term, undefined, await searchKeys(w.db, term))];
      return withKeywordSettings(w.t, { keywordScanRows: 1, keywordIdsMax }, () =>
        keywordPlan(w.t.ctx, where),
      );
    };
    const rare = await plan(w.rareTerm, 10);
    expect([rare.inHand, rare.sortMatches, hasKeyword(rare.where)]).toEqual([true, true, false]);
    // The clause left is the list of matches: the one order whose number the term is.
    let query = w.db.selectFrom('work_orders').select('work_orders.id');
    for (const clause of rare.where) query = query.where(clause);
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM order_search
       WHERE strpos(search_text, lower(${w.rareTerm})) > 0`.execute(w.db);
    expect((await query.execute()).length).toBe(rows[0]!.n);
    // Read first only when the planner takes the list for small beside its matches
    // (search-in-hand.ts `matchesInHand`, given the list's estimate): all orders, no; the
    // few dozen orders around the term's, yes.
    expect(amongOf(rare.where)).toBeUndefined();
    const first = await w.db
      .selectFrom('work_orders')
      .select('id')
      .where('order_num', '=', w.rareTerm)
      .executeTakeFirstOrThrow();
    const numbered: OrdersWhere = (eb) =>
      eb('work_orders.id', '>=', Number(first.id) - 20).and(
        'work_orders.id',
        '<=',
        Number(first.id) + 20,
      );
    const keys = await searchKeys(w.db, w.rareTerm);
    const one = await withKeywordSettings(w.t, { keywordScanRows: 1, keywordIdsMax: 10 }, () =>
      keywordPlan(w.t.ctx, [keywordWhere(w.rareTerm, undefined, keys), numbered]),
    );
    expect([one.inHand, amongOf(one.where)?.ids.length]).toEqual([true, rows[0]!.n]);
    const absent = await plan('无此词语', 10);
    expect([absent.inHand, hasKeyword(absent.where)]).toEqual([true, false]);
    // More matches than the most kept, or never: through the index as before.
    for (const [term, max] of [
      ['小区', 10],
      [w.rareTerm, 0],
    ] as const) {
      const got = await plan(term, max);
      expect([got.inHand, hasKeyword(got.where)], `${term} ${max}`).toEqual([undefined, true]);
    }
  });

  it('sorted by something else, a broad list tests a frequent term on the rows, a rare one via the index', async () => {
    // Matches never collected first here (withScanRows: keywordIdsMax 0; the test above).
    w.t.ctx.settings.keywordScanRows = 1;
    w.t.ctx.settings.keywordIdsMax = 0;
    const plan = async (term: string) =>
      hasKeyword((await keywordPlan(w.t.ctx, [keywordWhere(term)], 'other')).where)
        ? 'index'
        : 'rows';
    expect(await plan('小区')).toBe('rows');
    // A frequent term is found within a short walk of the sort key's index.
    expect((await keywordPlan(w.t.ctx, [keywordWhere('小区')], 'other')).sortMatches).toBe(false);
    expect(await plan(w.rareTerm)).toBe('index');
    expect(await plan('无此词语')).toBe('index');
    // Sorted by call time the windows bound the index: no probe, the index.
    expect(hasKeyword((await keywordPlan(w.t.ctx, [keywordWhere('小区')], 'callTime')).where)).toBe(
      true,
    );
  });
});
