import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HOUR,
  advance,
  codesOf,
  eventsOf,
  newOrder,
  queueView,
  queues,
  refused,
  step,
  toHostHandling,
  world,
  type World,
} from '../../support/lifecycle';
import { createTestApp } from '../../support/test-app';

/**
 * Full lives of work orders through the HTTP API (WORKFLOW sections 4–6): after every step the
 * codes in the database, exactly one new event with its from/to codes, and the queues the
 * order is in for the district, the host streets, a department and the call-back staff.
 */

let w: World;

beforeAll(async () => {
  w = await world(await createTestApp());
});
afterAll(async () => {
  await w?.t.close();
});

describe('the ordinary life', () => {
  it('intake → sign → dispatch → host sign → reply → approve → visit (satisfied) → closed', async () => {
    const id = await newOrder(w.t);
    expect(await codesOf(w.t, id)).toEqual({
      status: 0,
      mainOrgStatus: -1,
      huifangState: 0,
      needReviewStatus: null,
    });
    expect(await queueView(w, id)).toEqual(queues({ district: ['qu_dqs'] }));

    const signed = await step(w, id, {
      who: 'dispatcher',
      path: 'cy/a5HandleOrderSignInCy',
      body: { signType: 1 },
      action: 'sign',
      to: { status: 1, mainOrgStatus: -1 },
    });
    expect(signed.deltas).toEqual({
      dispatcher: { qu_dqs: -1, qu_yqs: 1, qu_blz: 1, qu_dfp: 1 },
    });
    expect(await queueView(w, id)).toEqual(queues({ district: ['qu_yqs', 'qu_blz', 'qu_dfp'] }));

    const dispatched = await step(w, id, {
      who: 'dispatcher',
      path: 'org/submitHandleOrgInfo',
      body: { hostUnitId: w.units.S01, comment: '请尽快处理' },
      action: 'dispatch',
      to: { status: 1, mainOrgStatus: 0 },
    });
    expect(dispatched.data.abilities).not.toContain('dispatch');
    expect(dispatched.deltas).toEqual({ dispatcher: { qu_dfp: -1 }, street1: { jd_dqs: 1 } });
    expect(await queueView(w, id)).toEqual(
      queues({ district: ['qu_yqs', 'qu_blz'], S01: ['jd_dqs'] }),
    );
    const assignment = await w.t.ctx.db
      .selectFrom('order_assignments')
      .select(['unit_id', 'role', 'active', 'status'])
      .where('order_id', '=', id)
      .execute();
    expect(assignment).toEqual([{ unit_id: w.units.S01, role: 'host', active: true, status: 0 }]);

    const hostSigned = await step(w, id, {
      who: 'street1',
      path: 'Ft/signInFt',
      body: {},
      action: 'host_sign',
      to: { status: 1, mainOrgStatus: 1 },
    });
    expect(hostSigned.data.abilities).toEqual(expect.arrayContaining(['reply', 'apply_return']));
    expect(hostSigned.deltas).toEqual({ street1: { jd_dqs: -1, jd_blz: 1 } });
    expect(await queueView(w, id)).toEqual(
      queues({ district: ['qu_yqs', 'qu_blz'], S01: ['jd_blz'] }),
    );

    const replied = await step(w, id, {
      who: 'street1',
      path: 'town/updateProResult',
      body: { content: '已更换灯泡，恢复照明', contacted: 1, resolved: 1 },
      action: 'reply',
      to: { status: 11, mainOrgStatus: 11 },
    });
    expect(replied.deltas).toEqual({
      dispatcher: { qu_blz: -1, qu_shz: 1 },
      street1: { jd_blz: -1, jd_dfsh: 1 },
    });
    expect(await queueView(w, id)).toEqual(
      queues({ district: ['qu_yqs', 'qu_shz'], S01: ['jd_dfsh'] }),
    );

    const approved = await step(w, id, {
      who: 'reviewer',
      path: 'district/reply',
      body: { pass: 1 },
      action: 'approve_reply',
      to: { status: 91, mainOrgStatus: 72, huifangState: 2 },
    });
    expect(approved.deltas).toEqual({
      dispatcher: { qu_shz: -1, qu_dhf: 1 },
      street1: { jd_dfsh: -1, jd_ybj: 1 },
      visitor: { hf_dhf: 1 },
    });
    expect(await queueView(w, id)).toEqual(
      queues({ district: ['qu_yqs', 'qu_dhf'], S01: ['jd_ybj'], callback: ['hf_dhf'] }),
    );

    const visited = await step(w, id, {
      who: 'visitor',
      path: 'updateHuifangSjs',
      body: {
        reached: 1,
        hostContacted: 1,
        resolved: 1,
        satisfaction: 'satisfied',
        remark: '满意',
      },
      action: 'visit',
      to: { status: 92, mainOrgStatus: 72, huifangState: 1 },
    });
    expect(visited.deltas).toEqual({
      dispatcher: { qu_dhf: -1, qu_ybj: 1 },
      visitor: { hf_dhf: -1 },
    });
    expect(await queueView(w, id)).toEqual(
      queues({ district: ['qu_yqs', 'qu_ybj'], S01: ['jd_ybj'] }),
    );
    const visits = await w.t.ctx.db
      .selectFrom('order_visits')
      .select(['attempt', 'reached', 'host_contacted', 'resolved', 'satisfaction', 'remark'])
      .where('order_id', '=', id)
      .execute();
    expect(visits).toEqual([
      {
        attempt: 1,
        reached: true,
        host_contacted: true,
        resolved: true,
        satisfaction: 'satisfied',
        remark: '满意',
      },
    ]);
    expect((await eventsOf(w.t, id)).map((e) => e.action)).toEqual([
      'sign',
      'dispatch',
      'host_sign',
      'reply',
      'approve_reply',
      'visit',
    ]);
  });
});

describe('time limits', () => {
  it('an emergency order (2 h) enters the overdue-warning queues as soon as it is dispatched', async () => {
    const id = await newOrder(w.t, { urgency: 'emergency' });
    await step(w, id, {
      who: 'dispatcher',
      path: 'cy/a5HandleOrderSignInCy',
      body: { signType: 1 },
      action: 'sign',
      to: { status: 1 },
    });
    const dispatched = await step(w, id, {
      who: 'dispatcher',
      path: 'org/submitHandleOrgInfo',
      body: { hostUnitId: w.units.B01 },
      action: 'dispatch',
      to: { mainOrgStatus: 0 },
    });
    expect(dispatched.deltas).toEqual({
      dispatcher: { qu_dfp: -1, qu_yjyj: 1 },
      dept1: { bm_dqs: 1, bm_yjyj: 1 },
    });
    const row = await w.t.ctx.db
      .selectFrom('work_orders')
      .select(['dispatch_time', 'deadline', 'handling_limit_hours'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.handling_limit_hours).toBe(2);
    expect((row.deadline?.getTime() ?? 0) - (row.dispatch_time?.getTime() ?? 0)).toBe(2 * HOUR);
  });
});

describe('refusal at sign time', () => {
  it('a dispatcher refuses with a reason before the deadline → 71', async () => {
    const id = await newOrder(w.t);
    await step(w, id, {
      who: 'dispatcher',
      path: 'cy/a5HandleOrderSignInCy',
      body: { signType: 2, reason: '不属于本区管辖' },
      action: 'refuse',
      to: { status: 71, mainOrgStatus: -1 },
    });
    expect((await eventsOf(w.t, id)).at(-1)?.comment).toBe('不属于本区管辖');
    expect(await queueView(w, id)).toEqual(queues({ district: ['qu_yth'] }));
  });

  it('after the refusal deadline (25 h later) refusing is refused, signing still works', async () => {
    const id = await newOrder(w.t);
    await advance(w, 25 * HOUR);
    await refused(
      w,
      id,
      'dispatcher',
      'cy/a5HandleOrderSignInCy',
      { signType: 2, reason: '晚了' },
      {
        status: 409,
        msg: 'the time to refuse this order has passed',
      },
    );
    await step(w, id, {
      who: 'dispatcher',
      path: 'cy/a5HandleOrderSignInCy',
      body: { signType: 1 },
      action: 'sign',
      to: { status: 1 },
    });
  });
});

describe('refusal and pick-up that do not apply (issue 20, defects 5 and 6)', () => {
  it('a self-built order never came from the city: refusing it is refused, not offered', async () => {
    const id = await newOrder(w.t, { typeId: 5 });
    await refused(
      w,
      id,
      'dispatcher',
      'cy/a5HandleOrderSignInCy',
      { signType: 2, reason: '不属于本区管辖' },
      { status: 409, msg: 'only orders sent by the city can be refused' },
    );
    const signed = await step(w, id, {
      who: 'dispatcher',
      path: 'cy/a5HandleOrderSignInCy',
      body: { signType: 1 },
      action: 'sign',
      to: { status: 1 },
    });
    expect(signed.data.abilities).not.toContain('refuse');
  });

  it('signing picks the order up: a second pick-up is refused and not offered', async () => {
    const id = await newOrder(w.t);
    const signed = await step(w, id, {
      who: 'dispatcher',
      path: 'cy/a5HandleOrderSignInCy',
      body: { signType: 1 },
      action: 'sign',
      to: { status: 1, mainOrgStatus: -1 },
    });
    expect(signed.data.abilities).not.toContain('claim');
    expect(signed.data.abilities).toContain('dispatch');
    await refused(
      w,
      id,
      'dispatcher',
      'lists/recordHandlingPerson',
      {},
      { status: 409, msg: 'you have already picked up this order' },
    );
  });
});

describe('a rejected reply', () => {
  it('reviewer rejects → the host sees it (needReviewStatus 3) → replies again → approved', async () => {
    const id = await toHostHandling(w);
    await step(w, id, {
      who: 'street1',
      path: 'lists/submitHandleResult',
      body: { content: '已处理', contacted: 0, resolved: 0 },
      action: 'reply',
      to: { status: 11 },
    });
    await step(w, id, {
      who: 'reviewer',
      path: 'replyCheck',
      body: { pass: 0, comment: '答复过于简单，请补充' },
      action: 'reject_reply',
      to: { status: 1, mainOrgStatus: 1, needReviewStatus: 3 },
    });
    expect(await queueView(w, id)).toEqual(
      queues({ district: ['qu_yqs', 'qu_blz'], S01: ['jd_blz', 'jd_bh'] }),
    );
    await step(w, id, {
      who: 'street1',
      path: 'town/updateProResult',
      body: { content: '已联系市民并修复，附照片', contacted: 1, resolved: 1 },
      action: 'reply',
      to: { status: 11, needReviewStatus: null },
    });
    expect(await queueView(w, id)).toEqual(
      queues({ district: ['qu_yqs', 'qu_shz'], S01: ['jd_dfsh'] }),
    );
    await step(w, id, {
      who: 'reviewer',
      path: 'town/replyCheck',
      body: { pass: 1 },
      action: 'approve_reply',
      to: { status: 91, huifangState: 2 },
    });
  });
});
