import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../../support/api';
import {
  JSJB,
  act,
  eventsOf,
  must,
  newOrder,
  refused,
  step,
  toHostHandling,
  world,
  type World,
} from '../../support/lifecycle';
import { createTestApp } from '../../support/test-app';

/**
 * Notes, pick-up and handler, the centre visit request, and the read-only companions of the
 * actions (who hosts the order, its return history, may I return it).
 */

let w: World;

beforeAll(async () => {
  w = await world(await createTestApp());
});
afterAll(async () => {
  await w?.t.close();
});

describe('notes, pick-up and handler', () => {
  it('notes are events that change no state', async () => {
    const id = await toHostHandling(w);
    for (const [who, path] of [
      ['street1', 'lists/orgReplyAdd'],
      ['dispatcher', 'lists/addlog'],
      ['street1', 'town/updateHuifangSelf'],
    ] as const) {
      await step(w, id, {
        who,
        path,
        body: { content: `${path} 记录` },
        action: 'add_note',
        to: { status: 1, mainOrgStatus: 1 },
      });
      expect((await eventsOf(w.t, id)).at(-1)?.comment).toBe(`${path} 记录`);
    }
  });

  it('recordHandlingPerson: a host records its handler, a dispatcher picks up', async () => {
    const id = await toHostHandling(w);
    const staff = await step(w, id, {
      who: 'street1',
      path: 'lists/recordHandlingPerson',
      body: { staff: '李网格员' },
      action: 'record_staff',
      to: { mainOrgStatus: 1 },
    });
    expect(staff.data.order.assignedStaff).toBe('李网格员');
    const missing = await act(w, 'street1', 'lists/recordHandlingPerson', { id });
    expect([missing.status, missing.msg]).toEqual([
      400,
      'staff: Invalid input: expected string, received undefined',
    ]);
    const fresh = await newOrder(w.t);
    await must(act(w, 'dispatcher', 'cy/a5HandleOrderSignInCy', { id: fresh, signType: 1 }));
    // Signing claimed it for the dispatcher: picking it up again is refused, others are told.
    await refused(
      w,
      fresh,
      'dispatcher',
      'lists/recordHandlingPerson',
      {},
      { status: 409, msg: 'you have already picked up this order' },
    );
    await refused(
      w,
      fresh,
      'admin',
      'lists/recordHandlingPerson',
      {},
      {
        status: 409,
        msg: 'another dispatcher has already picked up this order',
      },
    );
  });

  it('picking up an unclaimed order takes it out of the pending-pickup queue', async () => {
    const id = await newOrder(w.t);
    // A self-built order a dispatcher created for the pool: in process, nobody's yet.
    await w.t.ctx.db
      .updateTable('work_orders')
      .set({ status: 1, type_id: 5, system_sign_time: w.t.ctx.now() })
      .where('id', '=', id)
      .execute();
    const picked = await step(w, id, {
      who: 'dispatcher',
      path: 'lists/recordHandlingPerson',
      body: {},
      action: 'claim',
      to: { status: 1, mainOrgStatus: -1 },
    });
    expect(picked.deltas).toEqual({ dispatcher: { qu_dlq: -1 } });
    expect(picked.data.order.dispatcherId).toBe(w.users.dispatcher);
  });

  it('after three failed visits the host asks the centre to try again', async () => {
    const id = await toHostHandling(w);
    await must(
      act(w, 'street1', 'town/updateProResult', { id, content: '已办', contacted: 1, resolved: 1 }),
    );
    await must(act(w, 'reviewer', 'district/reply', { id, pass: 1 }));
    await refused(
      w,
      id,
      'street1',
      'lists/applyCenterHuifangSjs',
      {},
      {
        status: 409,
        msg: 'the order is replied: "request a centre visit" does not apply now',
      },
    );
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await must(act(w, 'visitor', 'updateHuifangSjs', { id, reached: 0 }));
    }
    await step(w, id, {
      who: 'street1',
      path: 'Dc/applyCenterHuifangDc',
      body: { comment: '请中心再次回访' },
      action: 'request_visit',
      to: { status: 91, huifangState: 2 },
    });
  });
});

describe('queries beside the actions', () => {
  it('queryHandleOrgInfo: host, co-hosts and history', async () => {
    const id = await newOrder(w.t);
    await must(act(w, 'dispatcher', 'cy/a5HandleOrderSignInCy', { id, signType: 1 }));
    await must(
      act(w, 'dispatcher', 'lists/undertakeSave', {
        id,
        hostUnitId: w.units.S01,
        coHostUnitIds: `${w.units.B01},${w.units.S02}`,
      }),
    );
    await must(act(w, 'street1', 'Ft/signInFt', { id }));
    const reply = await post<{
      host: { unitId: number; role: string; status: number; signedAt: string | null } | null;
      coHosts: { unitId: number }[];
      history: unknown[];
    }>(w.t, `${JSJB}/org/queryHandleOrgInfo`, { id }, { token: w.tokens.street2 });
    expect(reply.code).toBe(200);
    expect(reply.data.host).toMatchObject({ unitId: w.units.S01, role: 'host', status: 1 });
    expect(reply.data.host?.signedAt).not.toBeNull();
    expect(reply.data.coHosts.map((c) => c.unitId)).toEqual([w.units.B01, w.units.S02]);
    expect(reply.data.history).toHaveLength(3);
    // Co-hosts read it; a unit with no part in it does not.
    const outsider = await post(
      w.t,
      `${JSJB}/org/queryHandleOrgInfo`,
      { id },
      { token: w.tokens.town1 },
    );
    expect([outsider.status, outsider.msg]).toEqual([404, 'no such work order']);
  });

  it('handleBackOrgQuery and returnPermission', async () => {
    const id = await toHostHandling(w);
    const may = await post<{ canReturn: boolean; canRefuse: boolean; reason: string }>(
      w.t,
      `${JSJB}/org/returnPermission`,
      { id },
      { token: w.tokens.street1 },
    );
    expect(may.data).toMatchObject({ canReturn: true, canRefuse: false, reason: '' });
    await must(act(w, 'street1', 'org/handleBackOrgUpdate', { id, reason: '非本街道' }));
    await must(
      act(w, 'reviewer', 'Approve/feedbackInformation', { id, pass: 0, comment: '属本街道' }),
    );
    const history = await post<{ list: { action: string; actorName: string; comment: string }[] }>(
      w.t,
      `${JSJB}/org/handleBackOrgQuery`,
      { id },
      { token: w.tokens.street1 },
    );
    expect(history.data.list.map((e) => [e.action, e.actorName, e.comment])).toEqual([
      ['apply_return', w.realnames.street1, '非本街道'],
      ['reject_return', w.realnames.reviewer, '属本街道'],
    ]);
    const dispatcherView = await post<{ canReturn: boolean; reason: string }>(
      w.t,
      `${JSJB}/org/returnPermission`,
      { id },
      { token: w.tokens.dispatcher },
    );
    expect(dispatcherView.data).toMatchObject({
      canReturn: false,
      reason: 'your role may not "apply for return"',
    });
    const fresh = await newOrder(w.t);
    const atSign = await post<{ canRefuse: boolean; refuseDeadline: string | null }>(
      w.t,
      `${JSJB}/org/returnPermission`,
      { id: fresh },
      { token: w.tokens.dispatcher },
    );
    expect(atSign.data.canRefuse).toBe(true);
    expect(atSign.data.refuseDeadline).not.toBeNull();
  });
});
