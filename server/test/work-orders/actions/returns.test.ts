import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  queueView,
  queues,
  refused,
  step,
  toHostHandling,
  toVisitPending,
  world,
  type World,
} from '../../support/lifecycle';
import { createTestApp } from '../../support/test-app';

/**
 * Returns and visits through the HTTP API: return requests (approved, to the city, rejected),
 * re-dispatch, failed visits, re-handle. After every step: codes, one event, queues and badge
 * counts (see support/lifecycle.ts `step`).
 */

let w: World;

beforeAll(async () => {
  w = await world(await createTestApp());
});
afterAll(async () => {
  await w?.t.close();
});

describe('returns', () => {
  it('host applies → reviewer approves → re-dispatched to street2 → street2 handles', async () => {
    const id = await toHostHandling(w);
    await step(w, id, {
      who: 'street1',
      path: 'org/handleBackOrgUpdate',
      body: { reason: '该路段属于柳荫街道' },
      action: 'apply_return',
      to: { status: 12, mainOrgStatus: 12 },
    });
    expect(await queueView(w, id)).toEqual(
      queues({ district: ['qu_yqs', 'qu_shz'], S01: ['jd_thsh'] }),
    );
    await step(w, id, {
      who: 'reviewer',
      path: 'Approve/feedbackInformation',
      body: { pass: 1, comment: '同意退回' },
      action: 'approve_return',
      to: { status: 1, mainOrgStatus: 71 },
    });
    expect(await queueView(w, id)).toEqual(
      queues({ district: ['qu_yqs', 'qu_blz', 'qu_dfp', 'qu_yth'] }),
    );
    await step(w, id, {
      who: 'dispatcher',
      path: 'lists/undertakeSave',
      body: { hostUnitId: w.units.S02 },
      action: 'dispatch',
      to: { status: 1, mainOrgStatus: 0 },
    });
    expect(await queueView(w, id)).toEqual(
      queues({ district: ['qu_yqs', 'qu_blz'], S02: ['jd_dqs'] }),
    );
    // street1 no longer hosts it: the order is out of its scope.
    await refused(w, id, 'street1', 'Ft/signInFt', {}, { status: 404, msg: 'no such work order' });
    await step(w, id, {
      who: 'street2',
      path: 'town/operateOrder',
      body: { operate: 'sign' },
      action: 'host_sign',
      to: { mainOrgStatus: 1 },
    });
    await step(w, id, {
      who: 'street2',
      path: 'org/operateOrder',
      body: { operate: 'reply', content: '已处理完毕', contacted: 1, resolved: 1 },
      action: 'reply',
      to: { status: 11, mainOrgStatus: 11 },
    });
    expect(await queueView(w, id)).toEqual(
      queues({ district: ['qu_yqs', 'qu_shz'], S02: ['jd_dfsh'] }),
    );
    const history = await w.t.ctx.db
      .selectFrom('order_assignments')
      .select(['unit_id', 'active', 'status'])
      .where('order_id', '=', id)
      .orderBy('id')
      .execute();
    expect(history).toEqual([
      { unit_id: w.units.S01, active: false, status: 71 },
      { unit_id: w.units.S02, active: true, status: 11 },
    ]);
  });

  it('a return approved back to the city → 72', async () => {
    const id = await toHostHandling(w);
    await step(w, id, {
      who: 'street1',
      path: 'town/cityBack',
      body: { reason: '属市级部门职责' },
      action: 'apply_return',
      to: { status: 12 },
    });
    await step(w, id, {
      who: 'reviewer',
      path: 'district/cityback',
      body: { comment: '退回市级' },
      action: 'approve_return',
      to: { status: 72, mainOrgStatus: 71 },
    });
    expect(await queueView(w, id)).toEqual(queues({ district: ['qu_yqs', 'qu_yth'] }));
  });

  it('a return request rejected → back to the host, handling', async () => {
    const id = await toHostHandling(w);
    await step(w, id, {
      who: 'street1',
      path: 'town/operateOrder',
      body: { operate: 'return', reason: '不归我们管' },
      action: 'apply_return',
      to: { status: 12 },
    });
    await step(w, id, {
      who: 'reviewer',
      path: 'Approve/feedbackInformation',
      body: { pass: 0, comment: '属于本街道职责' },
      action: 'reject_return',
      to: { status: 1, mainOrgStatus: 1 },
    });
    expect(await queueView(w, id)).toEqual(
      queues({ district: ['qu_yqs', 'qu_blz'], S01: ['jd_blz'] }),
    );
  });
});

describe('visits', () => {
  it('three failed visits walk 2 → 11 → 12 → 13, then the order is closed', async () => {
    const id = await toVisitPending(w);
    const failed = { reached: 0, remark: '无人接听' };
    // huifang_state_mode 0 (default): pending visit is 2, 11, 12, 13; retry is 11, 12.
    for (const [n, state, callback] of [
      [1, 11, ['hf_dhf', 'hf_cf']],
      [2, 12, ['hf_dhf', 'hf_cf']],
      [3, 13, ['hf_dhf']],
    ] as const) {
      await step(w, id, {
        who: 'visitor',
        path: 'updateHuifangSelfSjs',
        body: failed,
        action: 'visit',
        to: { status: 91, huifangState: state },
      });
      expect(await queueView(w, id), `after attempt ${n}`).toEqual(
        queues({ district: ['qu_yqs', 'qu_dhf'], S01: ['jd_ybj'], callback: [...callback] }),
      );
    }
    await refused(w, id, 'visitor', 'updateHuifangSjs', failed, {
      status: 409,
      msg: 'the order is replied: "visit" does not apply now',
    });
    await step(w, id, {
      who: 'visitor',
      path: 'lists/closeOrder',
      body: { comment: '三次未接通，办结' },
      action: 'close',
      to: { status: 92, huifangState: 13 },
    });
    expect(await queueView(w, id)).toEqual(
      queues({ district: ['qu_yqs', 'qu_ybj'], S01: ['jd_ybj'] }),
    );
    const attempts = await w.t.ctx.db
      .selectFrom('order_visits')
      .select(['attempt', 'reached'])
      .where('order_id', '=', id)
      .orderBy('attempt')
      .execute();
    expect(attempts).toEqual([
      { attempt: 1, reached: false },
      { attempt: 2, reached: false },
      { attempt: 3, reached: false },
    ]);
  });

  it('unsatisfied and unresolved → re-handle goes back to the same host as a second visit', async () => {
    const id = await toVisitPending(w, false);
    await step(w, id, {
      who: 'visitor',
      path: 'updateHuifangSjs',
      body: { reached: 1, hostContacted: 0, resolved: 0, satisfaction: 'unsatisfied' },
      action: 'visit',
      to: { status: 92, huifangState: 1 },
    });
    // A reached visit closes the order; the reviewer re-handles it from "completed".
    expect(await queueView(w, id)).toEqual(
      queues({ district: ['qu_yqs', 'qu_ybj'], S01: ['jd_ybj'] }),
    );
    const reply = await step(w, id, {
      who: 'reviewer',
      path: 'Sjs/revokeApproval',
      body: { comment: '市民不满意且问题未解决，重新办理' },
      action: 're_handle',
      to: { status: 1, mainOrgStatus: 0, huifangState: 0 },
    });
    expect(reply.data.order).toMatchObject({ isSecondVisit: true, hostUnitId: w.units.S01 });
    expect(await queueView(w, id)).toEqual(
      queues({ district: ['qu_yqs', 'qu_blz'], S01: ['jd_dqs'] }),
    );
    await step(w, id, {
      who: 'street1',
      path: 'Ft/signInFt',
      body: {},
      action: 'host_sign',
      to: { mainOrgStatus: 1 },
    });
  });

  it('a satisfied visit cannot be re-handled', async () => {
    const id = await toVisitPending(w);
    await step(w, id, {
      who: 'visitor',
      path: 'updateHuifangSjs',
      body: { reached: 1, hostContacted: 1, resolved: 1, satisfaction: 'basic' },
      action: 'visit',
      to: { status: 92 },
    });
    await refused(
      w,
      id,
      'reviewer',
      'Sjs/revokeApproval',
      { comment: '重办' },
      {
        status: 409,
        msg: 'only replied or closed orders visited as unsatisfied and unresolved may be re-handled',
      },
    );
  });
});
