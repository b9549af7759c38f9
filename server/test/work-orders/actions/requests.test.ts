import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../../support/api';
import {
  HOUR,
  JSJB,
  act,
  eventsOf,
  must,
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
 * The actions beside the main line: extension and exclusion requests, key appeals, merging,
 * supervision, notes, pick-up and handler, and the read-only companions of the actions.
 */

let w: World;

beforeAll(async () => {
  w = await world(await createTestApp());
});
afterAll(async () => {
  await w?.t.close();
});

const deadlineOf = async (id: number) =>
  await w.t.ctx.db
    .selectFrom('work_orders')
    .select(['deadline', 'handling_limit_hours', 'tichu_type'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const requestsOf = (id: number) =>
  w.t.ctx.db
    .selectFrom('order_requests')
    .select(['kind', 'status', 'hours', 'tichu_type', 'reason', 'decided_by', 'decision_comment'])
    .where('order_id', '=', id)
    .orderBy('id')
    .execute();

describe('extension', () => {
  it('host applies, reviewer approves: the deadline moves by the hours asked', async () => {
    const id = await toHostHandling(w);
    const before = await deadlineOf(id);
    await step(w, id, {
      who: 'street1',
      path: 'Approve/applyExtension',
      body: { hours: 48, reason: '需协调施工单位' },
      action: 'apply_extension',
      to: { status: 1, mainOrgStatus: 1, needReviewStatus: 1 },
    });
    await refused(
      w,
      id,
      'street1',
      'Approve/applyExtension',
      { hours: 24, reason: '再延' },
      {
        status: 409,
        msg: 'the order already has a request awaiting approval',
      },
    );
    await step(w, id, {
      who: 'reviewer',
      path: 'Approve/approvalExtraCheck',
      body: { pass: 1, comment: '同意延期' },
      action: 'approve_extension',
      to: { needReviewStatus: 2 },
    });
    const after = await deadlineOf(id);
    expect(after.deadline?.getTime()).toBe((before.deadline?.getTime() ?? 0) + 48 * HOUR);
    expect(after.handling_limit_hours).toBe((before.handling_limit_hours ?? 0) + 48);
    expect(await requestsOf(id)).toEqual([
      {
        kind: 'extension',
        status: 2,
        hours: 48,
        tichu_type: null,
        reason: '需协调施工单位',
        decided_by: w.users.reviewer,
        decision_comment: '同意延期',
      },
    ]);
  });

  it('a rejected extension leaves the deadline; rejecting needs a comment', async () => {
    const id = await toHostHandling(w);
    const before = await deadlineOf(id);
    await must(act(w, 'street1', 'Approve/applyExtension', { id, hours: 24, reason: '人手不足' }));
    const noComment = await act(w, 'reviewer', 'Approve/approvalExtraCheck', { id, pass: 0 });
    expect([noComment.status, noComment.msg]).toEqual([400, 'comment: required here']);
    await step(w, id, {
      who: 'reviewer',
      path: 'Approve/approvalExtraCheck',
      body: { pass: 0, comment: '理由不充分' },
      action: 'reject_extension',
      to: { needReviewStatus: 3 },
    });
    expect((await deadlineOf(id)).deadline).toEqual(before.deadline);
  });

  it('nothing pending: the reviewer is told so, a street user is refused first', async () => {
    const id = await toHostHandling(w);
    await refused(
      w,
      id,
      'reviewer',
      'Approve/approvalExtraCheck',
      { pass: 1 },
      {
        status: 409,
        msg: 'the order has no pending extension or exclusion request',
      },
    );
    await refused(
      w,
      id,
      'street1',
      'Approve/approvalExtraCheck',
      { pass: 1 },
      {
        status: 403,
        msg: 'your role may not "approve extension"',
      },
    );
  });
});

describe('exclusion', () => {
  it('host applies with a type, reviewer approves: tichuType is set', async () => {
    const id = await toHostHandling(w);
    await step(w, id, {
      who: 'street1',
      path: 'tichu/tichuCate',
      body: { tichuType: '非本区职责', reason: '属于市级部门职责' },
      action: 'apply_exclusion',
      to: { needReviewStatus: 1 },
    });
    await step(w, id, {
      who: 'reviewer',
      path: 'Approve/approvalExtraCheck',
      body: { pass: 1 },
      action: 'approve_exclusion',
      to: { needReviewStatus: 2 },
    });
    expect((await deadlineOf(id)).tichu_type).toBe('非本区职责');
    await refused(
      w,
      id,
      'street1',
      'tichu/tichuCate',
      { tichuType: '重复件', reason: '再申请' },
      {
        status: 409,
        msg: /"apply for exclusion" does not apply now/,
      },
    );
  });
});

describe('a rejected request is not a rejected reply (issue 20, defect 1)', () => {
  it.each([
    ['extension', 'Approve/applyExtension', { hours: 24, reason: '需协调' }, 'reject_extension'],
    [
      'exclusion',
      'tichu/tichuCate',
      { tichuType: '重复件', reason: '重复来电' },
      'reject_exclusion',
    ],
  ] as const)(
    'a rejected %s leaves the order in process, the badge unmoved',
    async (_k, path, body, action) => {
      const id = await toHostHandling(w);
      await step(w, id, {
        who: 'street1',
        path,
        body,
        action: action === 'reject_extension' ? 'apply_extension' : 'apply_exclusion',
        to: { needReviewStatus: 1 },
      });
      const rejected = await step(w, id, {
        who: 'reviewer',
        path: 'Approve/approvalExtraCheck',
        body: { pass: 0, comment: '理由不充分' },
        action,
        to: { status: 1, mainOrgStatus: 1, needReviewStatus: 3 },
      });
      // step() compares the counts endpoint (the tallies) with the membership: nothing moved.
      expect(rejected.deltas).toEqual({});
      expect(await queueView(w, id)).toEqual(
        queues({ district: ['qu_yqs', 'qu_blz'], S01: ['jd_blz'] }),
      );
      expect((await requestsOf(id)).map((r) => r.status)).toEqual([3]);
    },
  );

  it('a rejected reply stays rejected back through an approved extension', async () => {
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
      body: { pass: 0, comment: '请补充' },
      action: 'reject_reply',
      to: { status: 1, needReviewStatus: 3 },
    });
    await step(w, id, {
      who: 'street1',
      path: 'Approve/applyExtension',
      body: { hours: 24, reason: '需协调' },
      action: 'apply_extension',
      to: { needReviewStatus: 1 },
    });
    const approved = await step(w, id, {
      who: 'reviewer',
      path: 'Approve/approvalExtraCheck',
      body: { pass: 1 },
      action: 'approve_extension',
      to: { needReviewStatus: 2 },
    });
    expect(approved.deltas).toEqual({});
    expect(await queueView(w, id)).toEqual(
      queues({ district: ['qu_yqs', 'qu_blz'], S01: ['jd_blz', 'jd_bh'] }),
    );
  });
});

describe('key appeal, supervision, merge', () => {
  it('key appeal on and off moves the order in and out of the key-appeal queue', async () => {
    const id = await toHostHandling(w);
    const on = await step(w, id, {
      who: 'dispatcher',
      path: 'handleImportantAppeal',
      body: { on: 1, comment: '多次来电' },
      action: 'key_appeal',
      to: { status: 1 },
    });
    expect(on.data.order.isKeyAppeal).toBe(true);
    expect(on.deltas).toEqual({ dispatcher: { qu_zdsq: 1 } });
    const off = await step(w, id, {
      who: 'reviewer',
      path: 'handleImportantAppeal',
      body: { on: 0 },
      action: 'key_appeal',
      to: { status: 1 },
    });
    expect(off.deltas).toEqual({ dispatcher: { qu_zdsq: -1 } });
    await refused(
      w,
      id,
      'street1',
      'handleImportantAppeal',
      { on: 1 },
      {
        status: 403,
        msg: 'your role may not "mark key appeal"',
      },
    );
  });

  it('supervise counts up; a leader may supervise too', async () => {
    const id = await toHostHandling(w);
    const first = await step(w, id, {
      who: 'dispatcher',
      path: 'Cy/supervision',
      body: { comment: '请加快办理' },
      action: 'supervise',
      to: { status: 1 },
    });
    expect(first.data.order).toMatchObject({ isSupervised: true, superviseCount: 1 });
    const second = await step(w, id, {
      who: 'leader',
      path: 'Cy/supervision',
      body: { comment: '领导督办' },
      action: 'supervise',
      to: { status: 1 },
    });
    expect(second.data.order.superviseCount).toBe(2);
  });

  it('batch supervision reports each id: succeeded, closed, unknown', async () => {
    const a = await toHostHandling(w);
    const b = await newOrder(w.t);
    const closed = await newOrder(w.t);
    await must(
      act(w, 'dispatcher', 'cy/a5HandleOrderSignInCy', {
        id: closed,
        signType: 2,
        reason: '非本区',
      }),
    );
    const reply = await post<{
      succeeded: number[];
      refused: { id: number; code: number; msg: string }[];
    }>(
      w.t,
      `${JSJB}/Cy/batchSupervision`,
      { ids: `${a},${b},${closed},99999999,${a}`, comment: '集中督办' },
      {
        token: w.tokens.dispatcher,
      },
    );
    expect(reply.code).toBe(200);
    expect(reply.data).toEqual({
      succeeded: [a, b],
      refused: [
        { id: closed, code: 409, msg: 'the order is refused: "supervise" does not apply now' },
        { id: 99999999, code: 404, msg: 'no such work order' },
      ],
    });
    for (const id of [a, b]) expect((await eventsOf(w.t, id)).at(-1)?.action).toBe('supervise');
    expect((await eventsOf(w.t, closed)).at(-1)?.action).toBe('refuse');
  });

  it('merge into another open order closes this one and records the merge', async () => {
    const into = await toHostHandling(w);
    const id = await newOrder(w.t);
    await must(act(w, 'dispatcher', 'cy/a5HandleOrderSignInCy', { id, signType: 1 }));
    await refused(
      w,
      id,
      'dispatcher',
      'handleGatherAppeal',
      { intoId: id },
      {
        status: 400,
        msg: 'merge into another work order that is still open',
      },
    );
    await refused(
      w,
      id,
      'dispatcher',
      'handleGatherAppeal',
      { intoId: 99999999 },
      {
        status: 400,
        msg: 'merge into another work order that is still open',
      },
    );
    const merged = await step(w, id, {
      who: 'dispatcher',
      path: 'handleGatherAppeal',
      body: { intoId: into, comment: '同一诉求' },
      action: 'merge',
      to: { status: 92 },
    });
    expect(merged.data.order.mergedIntoId).toBe(into);
    expect(await queueView(w, id)).toEqual(queues({ district: ['qu_yqs', 'qu_ybj'] }));
    const rows = await w.t.ctx.db
      .selectFrom('order_merges')
      .select(['into_order_id', 'merged_by', 'reason'])
      .where('order_id', '=', id)
      .execute();
    expect(rows).toEqual([
      { into_order_id: into, merged_by: w.users.dispatcher, reason: '同一诉求' },
    ]);
    // A merged order is no longer a target.
    const other = await newOrder(w.t);
    await refused(
      w,
      other,
      'dispatcher',
      'handleGatherAppeal',
      { intoId: id },
      {
        status: 400,
        msg: 'merge into another work order that is still open',
      },
    );
  });
});
