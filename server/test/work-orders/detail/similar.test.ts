import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SIMILAR_CANDIDATES,
  SIMILAR_RARE_ROWS,
  SIMILAR_WINDOW_DAYS,
  choosePath,
  similarOrders,
  type SimilarPath,
} from '../../../src/modules/work-orders/detail/similar.repository';
import { actorFrom } from '../../../src/modules/work-orders/actor';
import { rowScope } from '../../../src/modules/work-orders/reads/scope-sql';
import { JSJB, allOrders, callers, type Caller, type LoadedRow } from '../reads-fixtures';
import { post } from '../../support/api';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * Similar orders read the nearest titles of the last year only (k-NN over the GiST index on
 * title and call time, migration 035). While fewer orders than that bound pass the threshold the
 * answer must equal the full ranking of every order of the window; past it, the answer is still
 * the best of what it read. A rare title is read the other way (every match, through the GIN
 * index, migration 039): both ways must give the same answer wherever both read every match.
 */

let t: TestApp;
let orders: LoadedRow[];
let dispatcher: Caller;
let street1: Caller;
let visitor: Caller;

beforeAll(async () => {
  t = await createTestApp({ orders: 200 });
  orders = await allOrders(t.ctx.db);
  ({ dispatcher, street1, visitor } = await callers(t));
});
afterAll(async () => {
  await t?.close();
});

interface Similar {
  id: number;
  similarity: number;
}

const similarOf = async (id: number) =>
  (await post<{ list: Similar[] }>(t, `${JSJB}/similarOrder`, { id }, { token: dispatcher.token }))
    .data.list;

const since = () => new Date(t.ctx.now().getTime() - SIMILAR_WINDOW_DAYS * 86_400_000);

/** Every order of the window above the threshold, ranked as the answer ranks them. */
async function fullRanking(o: LoadedRow) {
  const r = await sql<{ id: number; score: number; n: number }>`
    SELECT id, ((similarity(title, ${o.row.title}) + similarity(major_content, ${o.row.major_content})) / 2)::float8 AS score,
           count(*) OVER ()::int AS n
      FROM work_orders
     WHERE similarity(title, ${o.row.title}) > 0.3 AND id <> ${o.row.id}
       AND call_time >= ${since()}
     ORDER BY score DESC, id DESC`.execute(t.ctx.db);
  return r.rows;
}

/** The repository itself, one way forced, in the dispatcher's scope (all orders). */
const byPath = (o: LoadedRow, path: SimilarPath) =>
  similarOrders(t.ctx.db, rowScope(actorFrom(dispatcher.auth)), {
    title: o.row.title,
    content: o.row.major_content,
    excludeId: o.row.id,
    limit: 10,
    now: t.ctx.now(),
    path,
  });

describe('similar orders', () => {
  it('the nearest-first walk and the read of every match give the full ranking', async () => {
    let compared = 0;
    for (const o of orders.slice(40, 80)) {
      const ranked = await fullRanking(o);
      const full = ranked.slice(0, 10).map((r) => r.id);
      const nearest = (await byPath(o, 'nearest')).map((r) => r.id);
      const every = (await byPath(o, 'every')).map((r) => r.id);
      expect(every).toEqual(full);
      if (ranked.length <= SIMILAR_CANDIDATES) expect(nearest).toEqual(full);
      compared += full.length > 0 ? 1 : 0;
    }
    expect(compared).toBeGreaterThan(5);
  });

  it('a title nothing resembles: none either way, and read every match', async () => {
    const o = orders[2];
    if (!o) throw new Error('no orders');
    const lone = { ...o, row: { ...o.row, title: 'Zq 无人提过的诉求 xw' } };
    expect(await byPath(lone, 'nearest')).toEqual([]);
    expect(await byPath(lone, 'every')).toEqual([]);
    expect(await choosePath(t.ctx.db, lone.row.title, since())).toBe('every');
  });

  it('equal the full ranking while the candidates are within the bound', async () => {
    let compared = 0;
    for (const o of orders.slice(0, 40)) {
      const full = await fullRanking(o);
      if (full.length === 0 || full.length > SIMILAR_CANDIDATES) continue;
      const got = await similarOf(o.row.id);
      expect(got.map((s) => s.id)).toEqual(full.slice(0, 10).map((r) => r.id));
      compared += 1;
    }
    expect(compared).toBeGreaterThan(5);
  });

  it('past the bound: still ten orders above the threshold, best first, never itself', async () => {
    const o = orders[0];
    if (!o) throw new Error('no orders');
    // 80 more orders with the same title: more equally near titles than the query reads.
    await sql`
      INSERT INTO work_orders (order_num, type_id, title, major_content, caller_name, caller_phone,
                               address, urgency, call_time, refuse_deadline)
      SELECT 'SIM' || g, 1, ${o.row.title}, '另一段内容' || g, '测试', '13900000000', '望湖东里',
             'general', now(), now() + interval '24 hours'
        FROM generate_series(1, 80) g`.execute(t.ctx.db);
    const full = await fullRanking(o);
    expect(full.length).toBeGreaterThan(SIMILAR_CANDIDATES);
    const got = await similarOf(o.row.id);
    expect(got).toHaveLength(10);
    expect(got.every((s) => s.id !== o.row.id && s.similarity > 0.3)).toBe(true);
    const scores = got.map((s) => s.similarity);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('leave out orders called before the window, however alike', async () => {
    const o = orders[1];
    if (!o) throw new Error('no orders');
    const old = new Date(since().getTime() - 86_400_000);
    // A minute inside the window (the clock moves on before the request reads it).
    const edge = new Date(since().getTime() + 60_000);
    const made = await sql<{ id: number; order_num: string }>`
      INSERT INTO work_orders (order_num, type_id, title, major_content, caller_name, caller_phone,
                               address, urgency, call_time, refuse_deadline)
      VALUES ('OLD1', 1, ${o.row.title}, ${o.row.major_content}, '测试', '13900000000', '望湖东里',
              'general', ${old}, ${old}),
             ('EDGE1', 1, ${o.row.title}, ${o.row.major_content}, '测试', '13900000000', '望湖东里',
              'general', ${edge}, ${edge})
      RETURNING id, order_num`.execute(t.ctx.db);
    const [before, atEdge] = made.rows;
    const got = await similarOf(o.row.id);
    const ids = got.map((s) => s.id);
    // Same title and content: the one just inside the window ranks first; the one a day
    // outside it is not there at all.
    expect(ids[0]).toBe(atEdge?.id);
    expect(ids).not.toContain(before?.id);
  });

  it('a title with thousands of near copies in the window is walked nearest first', async () => {
    const title = '阳光花园小区地下车库积水严重';
    await sql`
      INSERT INTO work_orders (order_num, type_id, title, major_content, caller_name, caller_phone,
                               address, urgency, call_time, refuse_deadline)
      SELECT 'COPY' || g, 1, ${title}, '车库积水' || g, '测试', '13900000000', '望湖东里',
             'general', now() - g * interval '1 minute', now()
        FROM generate_series(1, ${SIMILAR_RARE_ROWS + 500}) g`.execute(t.ctx.db);
    await sql`ANALYZE work_orders`.execute(t.ctx.db);
    expect(await choosePath(t.ctx.db, title, since())).toBe('nearest');
    expect(await choosePath(t.ctx.db, 'Zq 无人提过的诉求 xw', since())).toBe('every');
    const copies = (await allOrders(t.ctx.db)).filter((o) => o.row.title === title);
    const copy = copies[0];
    if (!copy) throw new Error('no copy');
    const got = await similarOf(copy.row.id);
    expect(got).toHaveLength(10);
    // Every one the same title (the nearest), never the order itself, best score first.
    const copyIds = new Set(copies.map((o) => o.row.id));
    expect(got.every((s) => copyIds.has(s.id) && s.id !== copy.row.id)).toBe(true);
    const scores = got.map((s) => s.similarity);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    // Told to read every match, it stops past the bound and walks nearest first instead.
    expect(await byPath(copy, 'every')).toEqual(await byPath(copy, 'nearest'));
  });

  it("in a street's scope: its hosted and co-hosted orders, nearest first", async () => {
    const title = '清河湾小区东门路灯不亮';
    const actor = actorFrom(street1.auth);
    const unit = actor.unitId;
    if (unit === null) throw new Error('street1 has no unit');
    const other = await sql<{ id: number }>`
      SELECT id FROM units WHERE id <> ${unit} AND kind = 'street' ORDER BY id LIMIT 1`.execute(
      t.ctx.db,
    );
    const otherUnit = other.rows[0]?.id;
    if (otherUnit === undefined) throw new Error('no other street');
    // 70 copies another street hosts, then three the street hosts and two it co-hosts, the
    // nearest titles of these in between.
    const insert = (tag: string, count: number, host: number, coHosts: number[], text: string) =>
      sql`
      INSERT INTO work_orders (order_num, type_id, title, major_content, caller_name, caller_phone,
                               address, urgency, call_time, refuse_deadline, host_unit_id,
                               co_host_unit_ids)
      SELECT ${tag} || g, 1, ${text}, '路灯' || g, '测试', '13900000000', '望湖东里',
             'general', now() - g * interval '1 minute', now(), ${host},
             ${sql.raw(`ARRAY[${coHosts.join(',')}]::int[]`)}
        FROM generate_series(1, ${count}) g`.execute(t.ctx.db);
    await insert('ELSE', 70, otherUnit, [], title);
    await insert('HOST', 3, unit, [], `${title}了`);
    await insert('COHO', 2, otherUnit, [unit], `${title}啊`);
    const scope = rowScope(actor);
    const ask = (path: SimilarPath) =>
      similarOrders(t.ctx.db, scope, { title, limit: 10, now: t.ctx.now(), path });
    const full = await sql<{ id: number }>`
      SELECT id FROM work_orders
       WHERE similarity(title, ${title}) > 0.3 AND call_time >= ${since()}
         AND (host_unit_id = ${unit} OR co_host_unit_ids @> ARRAY[${unit}]::int[])
       ORDER BY similarity(title, ${title}) DESC, id DESC`.execute(t.ctx.db);
    const nearest = await ask('nearest');
    expect(full.rows.length).toBeGreaterThanOrEqual(5);
    expect(full.rows.length).toBeLessThan(SIMILAR_CANDIDATES);
    expect(nearest.map((r) => r.id)).toEqual(full.rows.slice(0, 10).map((r) => r.id));
    expect(nearest.filter((r) => r.title === `${title}啊`)).toHaveLength(2);
    expect(nearest.filter((r) => r.title === `${title}了`)).toHaveLength(3);
    expect((await ask('every')).map((r) => r.id)).toEqual(nearest.map((r) => r.id));
  });

  it("in call-back staff's scope: visited or due orders only, either way", async () => {
    const scope = rowScope(actorFrom(visitor.auth));
    let compared = 0;
    for (const o of orders.slice(80, 120)) {
      const full = await sql<{ id: number }>`
        SELECT id FROM work_orders
         WHERE similarity(title, ${o.row.title}) > 0.3 AND call_time >= ${since()}
           AND id <> ${o.row.id} AND status IN (91, 92) AND huifang_state <> 0
         ORDER BY similarity(title, ${o.row.title}) DESC, id DESC`.execute(t.ctx.db);
      if (full.rows.length === 0 || full.rows.length > SIMILAR_CANDIDATES) continue;
      const ask = (path: SimilarPath) =>
        similarOrders(t.ctx.db, scope, {
          title: o.row.title,
          excludeId: o.row.id,
          limit: 10,
          now: t.ctx.now(),
          path,
        });
      const want = full.rows.slice(0, 10).map((r) => r.id);
      expect((await ask('nearest')).map((r) => r.id)).toEqual(want);
      expect((await ask('every')).map((r) => r.id)).toEqual(want);
      compared += 1;
    }
    expect(compared).toBeGreaterThan(3);
  });
});
