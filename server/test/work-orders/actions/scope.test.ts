import { sql } from 'kysely';
import { authenticate } from '../../../src/modules/auth/session.service';
import {
  runAction,
  type ActionOutcome,
} from '../../../src/modules/work-orders/actions/action.service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  act,
  digest,
  eventsOf,
  must,
  newOrder,
  refused,
  toHostHandling,
  toVisitPending,
  world,
  type World,
} from '../../support/lifecycle';
import { createTestApp } from '../../support/test-app';

/**
 * Who may act, where and when: out-of-scope orders answer 404 (their existence is not
 * revealed), in-scope orders with the wrong role 403, the wrong state 409 naming it; and a
 * failing action writes nothing at all.
 */

let w: World;

beforeAll(async () => {
  w = await world(await createTestApp());
});
afterAll(async () => {
  await w?.t.close();
});

const NOT_FOUND = { status: 404, msg: 'no such work order' };

describe('row scope and roles', () => {
  it("other units do not see street1's order: 404", async () => {
    const id = await toHostHandling(w);
    for (const who of ['street2', 'town1', 'dept1', 'agent'] as const) {
      await refused(
        w,
        id,
        who,
        'town/updateProResult',
        { content: '越权答复', contacted: 1, resolved: 1 },
        NOT_FOUND,
      );
    }
    // The call-back staff see an order only once it is due for a visit.
    await refused(w, id, 'visitor', 'updateHuifangSjs', { reached: 0 }, NOT_FOUND);
  });

  it('a co-host reads the order but may not act for the host: 403', async () => {
    const id = await newOrder(w.t);
    await must(act(w, 'dispatcher', 'cy/a5HandleOrderSignInCy', { id, signType: 1 }));
    await must(
      act(w, 'dispatcher', 'org/submitHandleOrgInfo', {
        id,
        hostUnitId: w.units.S01,
        coHostUnitIds: [w.units.S02],
      }),
    );
    await refused(
      w,
      id,
      'street2',
      'Ft/signInFt',
      {},
      {
        status: 403,
        msg: 'this order is not hosted by your unit',
      },
    );
    // A co-host may add a note.
    await must(act(w, 'street2', 'lists/orgReplyAdd', { id, content: '协办单位已配合排查' }));
  });

  it('district roles outside their job: 403 naming the action', async () => {
    const id = await newOrder(w.t);
    await refused(
      w,
      id,
      'leader',
      'cy/a5HandleOrderSignInCy',
      { signType: 1 },
      {
        status: 403,
        msg: 'your role may not "sign"',
      },
    );
    await refused(
      w,
      id,
      'reviewer',
      'cy/a5HandleOrderSignInCy',
      { signType: 1 },
      {
        status: 403,
        msg: 'your role may not "sign"',
      },
    );
    await must(act(w, 'dispatcher', 'cy/a5HandleOrderSignInCy', { id, signType: 1 }));
    await refused(
      w,
      id,
      'leader',
      'org/submitHandleOrgInfo',
      { hostUnitId: w.units.S01 },
      {
        status: 403,
        msg: 'your role may not "dispatch"',
      },
    );
    const zh = await act(
      w,
      'leader',
      'org/submitHandleOrgInfo',
      { id, hostUnitId: w.units.S01 },
      'zh',
    );
    expect([zh.status, zh.msg]).toEqual([403, '您的角色不能执行“派单”']);
  });

  it('the call-back staff may not dispatch, the dispatcher may not review', async () => {
    const id = await toVisitPending(w);
    await refused(
      w,
      id,
      'visitor',
      'lists/undertakeSave',
      { hostUnitId: w.units.S02 },
      {
        status: 403,
        msg: 'your role may not "dispatch"',
      },
    );
    await refused(
      w,
      id,
      'street1',
      'updateHuifangSjs',
      { reached: 0 },
      {
        status: 403,
        msg: 'your role may not "visit"',
      },
    );
    const handling = await toHostHandling(w);
    await must(
      act(w, 'street1', 'town/updateProResult', {
        id: handling,
        content: '已办',
        contacted: 1,
        resolved: 1,
      }),
    );
    await refused(
      w,
      handling,
      'dispatcher',
      'district/reply',
      { pass: 1 },
      {
        status: 403,
        msg: 'your role may not "approve reply"',
      },
    );
  });

  it('an unknown order is 404', async () => {
    const reply = await act(w, 'admin', 'Ft/signInFt', { id: 987654321 });
    expect([reply.status, reply.msg]).toEqual([404, 'no such work order']);
  });
});

describe('wrong state', () => {
  it('acting twice is a 409 that names the state, in both languages', async () => {
    const id = await newOrder(w.t);
    await must(act(w, 'dispatcher', 'cy/a5HandleOrderSignInCy', { id, signType: 1 }));
    await refused(
      w,
      id,
      'dispatcher',
      'cy/a5HandleOrderSignInCy',
      { signType: 1 },
      {
        status: 409,
        msg: 'the order is in process: "sign" does not apply now',
      },
    );
    const zh = await act(w, 'dispatcher', 'cy/a5HandleOrderSignInCy', { id, signType: 1 }, 'zh');
    expect([zh.status, zh.msg]).toEqual([409, '工单当前状态（办理中）不能执行“签收”']);
    await refused(
      w,
      id,
      'reviewer',
      'district/reply',
      { pass: 1 },
      {
        status: 409,
        msg: 'the order is in process: "approve reply" does not apply now',
      },
    );
  });

  it('a host may not reply before signing', async () => {
    const id = await newOrder(w.t);
    await must(act(w, 'dispatcher', 'cy/a5HandleOrderSignInCy', { id, signType: 1 }));
    await must(act(w, 'dispatcher', 'org/submitHandleOrgInfo', { id, hostUnitId: w.units.S01 }));
    await refused(
      w,
      id,
      'street1',
      'town/updateProResult',
      { content: '已办', contacted: 1, resolved: 1 },
      {
        status: 409,
        msg: 'the order is in process: "reply" does not apply now',
      },
    );
  });
});

describe('no partial writes', () => {
  it('dispatching to a unit that does not exist writes nothing (no order change, no event)', async () => {
    const id = await newOrder(w.t);
    await must(act(w, 'dispatcher', 'cy/a5HandleOrderSignInCy', { id, signType: 1 }));
    for (const body of [
      { hostUnitId: 999999 },
      { hostUnitId: w.units.S01C01 },
      { hostUnitId: w.units.D01 },
      { hostUnitId: w.units.S01, coHostUnitIds: [999999] },
      { hostUnitId: w.units.S01, coHostUnitIds: [w.units.S01] },
    ]) {
      const before = await digest(w.t);
      const reply = await act(w, 'dispatcher', 'org/submitHandleOrgInfo', { id, ...body });
      expect([reply.status, reply.code], JSON.stringify(body)).toEqual([400, 400]);
      expect(reply.msg).toMatch(
        /^(a host must be a street, a town or a department|the host unit cannot also be a co-host)$/,
      );
      expect(await digest(w.t)).toEqual(before);
    }
  });

  it('a failure after the order row was written (the event insert) rolls everything back', async () => {
    // A trigger that refuses one event makes the last write of the action fail.
    await sql`CREATE OR REPLACE FUNCTION refuse_boom() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.comment = 'boom' THEN RAISE EXCEPTION 'event refused'; END IF;
        RETURN NEW;
      END $$`.execute(w.t.ctx.db);
    await sql`CREATE TRIGGER refuse_boom BEFORE INSERT ON order_events
      FOR EACH ROW EXECUTE FUNCTION refuse_boom()`.execute(w.t.ctx.db);
    try {
      const id = await newOrder(w.t);
      await must(act(w, 'dispatcher', 'cy/a5HandleOrderSignInCy', { id, signType: 1 }));
      await must(act(w, 'dispatcher', 'lock/assignLock', { id }));
      const before = await digest(w.t);
      const reply = await act(w, 'dispatcher', 'org/submitHandleOrgInfo', {
        id,
        hostUnitId: w.units.S01,
        coHostUnitIds: [w.units.B01],
        comment: 'boom',
      });
      expect([reply.status, reply.msg]).toEqual([
        500,
        'internal server error, please try again later',
      ]);
      // Order row, lock release, assignments: all undone with the event.
      expect(await digest(w.t)).toEqual(before);
    } finally {
      await sql`DROP TRIGGER refuse_boom ON order_events`.execute(w.t.ctx.db);
    }
  });

  it('the after-commit hook sees the committed outcome; a refusal announces nothing', async () => {
    const id = await newOrder(w.t);
    const auth = await authenticate(w.t.ctx, w.tokens.dispatcher);
    const seen: { action: string; committed: boolean; from: number; to: number }[] = [];
    const ctx = {
      ...w.t.ctx,
      afterCommit: async (outcome: ActionOutcome) => {
        // Read through the pool, outside the action's transaction: the event must be there.
        const events = await eventsOf(w.t, id);
        seen.push({
          action: outcome.event.action,
          committed: events.some((e) => e.id === outcome.event.id),
          from: outcome.before.status,
          to: outcome.after.status,
        });
      },
    };
    await runAction(ctx, auth, id, { action: 'sign', input: {} });
    await expect(runAction(ctx, auth, id, { action: 'sign', input: {} })).rejects.toMatchObject({
      code: 409,
      key: 'order.wrongState',
    });
    expect(seen).toEqual([{ action: 'sign', committed: true, from: 0, to: 1 }]);
  });
});
