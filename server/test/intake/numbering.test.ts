import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chinaDay,
  createIntakeApp,
  snapshot,
  validIntake,
  type IntakeApp,
  type Json,
} from './intake-fixtures';

/** Intake numbering (ZJ / QY daily series), similar open orders, merge instead of duplicate. */

const WATCHED = ['work_orders', 'order_events', 'order_merges', 'order_number_counters'];

let app: IntakeApp;
/** The highest ZJ / QY number of today the demo seed used (0 when none). */
const seeded = { ZJ: 0, QY: 0 };

beforeAll(async () => {
  // Demo orders give the numbering a day that already has ZJ/QY numbers to continue, and
  // closed orders to refuse as merge targets.
  app = await createIntakeApp(120, ['agent', 'dispatcher']);
  const day = chinaDay(new Date());
  for (const row of await app.t.ctx.db
    .selectFrom('work_orders')
    .select(['order_num', 'district_case_num'])
    .execute()) {
    for (const num of [row.order_num, row.district_case_num]) {
      const prefix = num?.slice(0, 2);
      if ((prefix === 'ZJ' || prefix === 'QY') && num?.slice(2, 10) === day) {
        seeded[prefix] = Math.max(seeded[prefix], Number(num.slice(10)));
      }
    }
  }
});
afterAll(async () => {
  await app?.t.close();
});

describe('numbering', () => {
  it("the day's first intake continues after the numbers the demo seed used today", async () => {
    const day = chinaDay(new Date());
    const pad = (n: number) => String(n).padStart(4, '0');
    const reply = await app.intake('agent', await validIntake(app.t));
    expect(reply.data.order.orderNum).toBe(`ZJ${day}${pad(seeded.ZJ + 1)}`);
    expect(reply.data.order.districtCaseNum).toBe(`QY${day}${pad(seeded.QY + 1)}`);
    const next = await app.intake('dispatcher', await validIntake(app.t));
    expect(next.data.order.orderNum).toBe(`ZJ${day}${pad(seeded.ZJ + 2)}`);
  });

  it('20 parallel intakes get 20 distinct, consecutive numbers', async () => {
    const body = await validIntake(app.t, { title: '并发录入测试工单' });
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => app.intake(i % 2 ? 'agent' : 'dispatcher', body)),
    );
    expect(replies.map((r) => r.code)).toEqual(Array(20).fill(200));
    const nums = replies.map((r) => r.data.order.orderNum);
    const cases = replies.map((r) => r.data.order.districtCaseNum);
    expect(new Set(nums).size).toBe(20);
    expect(new Set(cases).size).toBe(20);
    const seq = nums.map((n) => Number(n.slice(10))).sort((a, b) => a - b);
    expect(seq.at(-1)! - seq[0]!).toBe(19);
  });
});

describe('similar open orders', () => {
  it('lists open orders with a similar title (> 0.3), best first, at most 5', async () => {
    const first = await app.intake(
      'dispatcher',
      await validIntake(app.t, { title: '望湖街道施工夜间扰民' }),
    );
    const other = await app.intake(
      'dispatcher',
      await validIntake(app.t, { title: '共享单车乱停放' }),
    );
    const reply = await app.intake(
      'dispatcher',
      await validIntake(app.t, { title: '望湖街道施工夜间扰民严重' }),
    );
    const similar = reply.data.similar;
    expect(similar.length).toBeGreaterThan(0);
    expect(similar.length).toBeLessThanOrEqual(5);
    expect(similar[0]).toMatchObject({ id: first.data.order.id, title: '望湖街道施工夜间扰民' });
    expect(similar[0]!.similarity).toBeGreaterThan(0.3);
    const ids = similar.map((s) => s.id);
    expect(ids).not.toContain(other.data.order.id);
    expect(ids).not.toContain(reply.data.order.id);
    const scores = similar.map((s) => s.similarity);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it("an agent is shown only its own orders (its row scope), a dispatcher everyone's", async () => {
    const byDispatcher = await app.intake(
      'dispatcher',
      await validIntake(app.t, { title: '金桥东社区供暖不热' }),
    );
    const byAgent = await app.intake(
      'agent',
      await validIntake(app.t, { title: '金桥东社区供暖不热投诉' }),
    );
    const agentIds = byAgent.data.similar.map((s) => s.id);
    expect(agentIds).not.toContain(byDispatcher.data.order.id);
    const again = await app.intake(
      'dispatcher',
      await validIntake(app.t, { title: '金桥东社区供暖不热了' }),
    );
    const ids = again.data.similar.map((s) => s.id);
    expect(ids).toEqual(
      expect.arrayContaining([byDispatcher.data.order.id, byAgent.data.order.id]),
    );
  });
});

describe('merge instead of creating a duplicate', () => {
  it('records the appeal closed (92) as merged into the open order', async () => {
    const target = await app.intake(
      'dispatcher',
      await validIntake(app.t, { title: '柳荫北社区停水' }),
    );
    const targetId = target.data.order.id;
    const reply = await app.intake(
      'dispatcher',
      await validIntake(app.t, { title: '柳荫北社区停水两天', mergeIntoId: targetId }),
    );
    expect([reply.status, reply.code], reply.msg).toEqual([200, 200]);
    expect(reply.msg).toBe(`appeal merged into order ${target.data.order.orderNum}`);
    const { order } = reply.data;
    expect(order).toMatchObject({ status: 92, mergedIntoId: targetId });
    const merge = await app.t.ctx.db
      .selectFrom('order_merges')
      .selectAll()
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(merge).toMatchObject({ into_order_id: targetId, merged_by: app.userId.dispatcher });
    const events = await app.eventsOf(order.id);
    expect(events.map((e) => [e.action, (e.from_state as Json | null)?.status ?? null])).toEqual([
      ['intake', null],
      ['merge', 1],
    ]);
    expect((events[1]?.to_state as Json).status).toBe(92);
    expect(events[1]?.comment).toBe(target.data.order.orderNum);
    // The target is untouched and still open; the merged appeal never shows up as similar.
    const targetRow = await app.t.ctx.db
      .selectFrom('work_orders')
      .select(['status', 'merged_into_id'])
      .where('id', '=', targetId)
      .executeTakeFirstOrThrow();
    expect(targetRow).toEqual({ status: 1, merged_into_id: null });
    const later = await app.intake(
      'dispatcher',
      await validIntake(app.t, { title: '柳荫北社区停水了' }),
    );
    expect(later.data.similar.map((s) => s.id)).not.toContain(order.id);
  });

  it('a closed target → 400 mergeIntoId, nothing written', async () => {
    const closed = await app.t.ctx.db
      .selectFrom('work_orders')
      .select('id')
      .where('status', '=', 92)
      .executeTakeFirstOrThrow();
    const before = await snapshot(app.t, WATCHED);
    const reply = await app.intake(
      'dispatcher',
      await validIntake(app.t, { mergeIntoId: closed.id }),
    );
    expect([reply.status, reply.msg]).toEqual([
      400,
      'mergeIntoId: the order to merge into must still be open',
    ]);
    expect(await snapshot(app.t, WATCHED)).toEqual(before);
  });

  it("an agent merges a repeat call into the district's open order, one it may not open (intake sees the district)", async () => {
    const open = await app.t.ctx.db
      .selectFrom('work_orders')
      .select('id')
      .where('status', '=', 0)
      .where('created_by', 'is', null)
      .where('merged_into_id', 'is', null)
      .executeTakeFirstOrThrow();
    const merged = await app.intake('agent', await validIntake(app.t, { mergeIntoId: open.id }));
    expect([merged.status, merged.data.order.status]).toEqual([200, 92]);
    const row = await app.t.ctx.db
      .selectFrom('work_orders')
      .select('merged_into_id')
      .where('id', '=', merged.data.order.id)
      .executeTakeFirstOrThrow();
    expect(row.merged_into_id).toBe(open.id);
    // a missing one answers as before
    const missing = await app.intake('agent', await validIntake(app.t, { mergeIntoId: 999_999 }));
    expect([missing.status, missing.msg]).toEqual([
      400,
      'mergeIntoId: no such work order in your scope to merge into',
    ]);
  });
});
