import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import { INTAKE_URL, validIntake } from '../intake/intake-fixtures';
import { act, eventsOf, must, world, type World } from '../support/lifecycle';

/**
 * Switching the caller's progress texts of one order after intake (issue 22): POST
 * updateOrderSmsOptOut {id, optOut}. Whoever may edit the order (the district; the host while
 * handling it), open or replied orders; one transaction writing the flag and an event on the
 * timeline; from then on the citizen-sms module sends nothing (or again, once resumed).
 */

const PATH = 'updateOrderSmsOptOut';
let t: TestApp;
let w: World;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp({ citizenSms: true });
  w = await world(t);
});
afterAll(async () => {
  await t?.close();
});

const freshMobile = () =>
  `136${String(Date.now() % 1e6).padStart(6, '0')}${String(++serial).padStart(2, '0')}`;

async function intake(phone: string): Promise<number> {
  const body = await validIntake(t, { callerPhone: phone });
  const reply = await post<{ order: { id: number } }>(t, INTAKE_URL, body, {
    token: w.tokens.agent,
  });
  expect(reply.code, reply.msg).toBe(200);
  return reply.data.order.id;
}

/** Signed, dispatched to S01 and signed for there: street1 is handling it. */
async function handled(id: number): Promise<void> {
  await must(act(w, 'dispatcher', 'cy/a5HandleOrderSignInCy', { id, signType: 1 }));
  await must(act(w, 'dispatcher', 'org/submitHandleOrgInfo', { id, hostUnitId: w.units.S01 }));
  await must(act(w, 'street1', 'Ft/signInFt', { id }));
}

async function replied(id: number): Promise<void> {
  await must(
    act(w, 'street1', 'town/updateProResult', { id, content: '已处理', contacted: 1, resolved: 1 }),
  );
  await must(act(w, 'reviewer', 'district/reply', { id, pass: 1 }));
}

const textsTo = (phone: string) => t.sms.outbox.filter((m) => m.mobile === phone).length;

async function flagOf(id: number): Promise<boolean> {
  const row = await t.ctx.db
    .selectFrom('work_orders')
    .select('sms_opt_out')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.sms_opt_out;
}

const smsEventCount = async (id: number) =>
  (await eventsOf(t, id)).filter((e) => e.action === 'sms').length;

describe('switching the texts of an order off and on', () => {
  it('off: flag and timeline event in one step; the dispatch and the reply then send nothing', async () => {
    const phone = freshMobile();
    const id = await intake(phone);
    expect(textsTo(phone)).toBe(1); // accepted, before the switch

    const off = await must(
      act(w, 'dispatcher', PATH, { id, optOut: 1, comment: '来电人要求不再发送短信' }, 'zh'),
    );
    expect(off.order.smsOptOut).toBe(true);
    expect(off.abilities).toContain('sms_opt_in');
    expect(off.abilities).not.toContain('sms_opt_out');
    expect(await flagOf(id)).toBe(true);
    const event = (await eventsOf(t, id)).find((e) => e.action === 'sms_opt_out');
    expect(event?.comment).toBe('来电人要求不再发送短信');

    await handled(id);
    await replied(id);
    expect(textsTo(phone)).toBe(1);
    expect(await smsEventCount(id)).toBe(1);
  });

  it('on again: the next step texts the caller once more', async () => {
    const phone = freshMobile();
    const id = await intake(phone);
    await must(act(w, 'dispatcher', PATH, { id, optOut: 1 }));
    await handled(id); // dispatched: no text
    expect(textsTo(phone)).toBe(1);
    const on = await must(act(w, 'street1', PATH, { id, optOut: 0 }));
    expect(on.order.smsOptOut).toBe(false);
    expect((await eventsOf(t, id)).map((e) => e.action)).toContain('sms_opt_in');
    await replied(id); // answered: texted
    expect(textsTo(phone)).toBe(2);
  });

  it('after the reply the district still may: no visit text once it is off', async () => {
    const phone = freshMobile();
    const id = await intake(phone);
    await handled(id);
    await replied(id);
    const before = textsTo(phone);
    // the host no longer handles it: refused, nothing written
    const host = await act(w, 'street1', PATH, { id, optOut: 1 });
    expect(host.code).toBe(409);
    expect(await flagOf(id)).toBe(false);
    await must(act(w, 'dispatcher', PATH, { id, optOut: 1 }));
    await must(act(w, 'visitor', 'updateHuifangSjs', { id, reached: 0 }));
    expect(textsTo(phone)).toBe(before);
  });
});

describe('who may switch, and what is refused', () => {
  it('follows the edit permission and the row scope: 403 to readers who may not edit, 404 beyond the scope', async () => {
    const id = await intake(freshMobile());
    await handled(id);
    // the agent typed it in, the reviewer and the leader read every order: they see it
    for (const who of ['agent', 'reviewer', 'leader'] as const) {
      const reply = await act(w, who, PATH, { id, optOut: 1 });
      expect(reply.code, who).toBe(403);
    }
    // not due for a visit, hosted by another unit: outside their scope
    for (const who of ['visitor', 'street2', 'dept1'] as const) {
      const reply = await act(w, who, PATH, { id, optOut: 1 });
      expect(reply.code, who).toBe(404);
    }
    expect(await flagOf(id)).toBe(false);
    expect((await eventsOf(t, id)).map((e) => e.action)).not.toContain('sms_opt_out');
  });

  it('asking for the current setting is a conflict that writes nothing', async () => {
    const id = await intake(freshMobile());
    const on = await act(w, 'dispatcher', PATH, { id, optOut: 0 });
    expect(on.code).toBe(409);
    expect(on.msg).toBe('text messages are already on for this order');
    await must(act(w, 'dispatcher', PATH, { id, optOut: 1 }));
    const again = await act(w, 'dispatcher', PATH, { id, optOut: 1 }, 'zh');
    expect(again.code).toBe(409);
    expect(again.msg).toBe('该工单已关闭短信通知');
    expect((await eventsOf(t, id)).filter((e) => e.action === 'sms_opt_out')).toHaveLength(1);
  });

  it('a closed order is refused; an unknown order is 404; a bad body is 400', async () => {
    const id = await intake(freshMobile());
    await handled(id);
    await replied(id);
    const visit = { id, reached: 1, hostContacted: 1, resolved: 1, satisfaction: 'satisfied' };
    await must(act(w, 'visitor', 'updateHuifangSjs', visit)); // closed
    expect((await act(w, 'dispatcher', PATH, { id, optOut: 1 })).code).toBe(409);
    expect((await act(w, 'dispatcher', PATH, { id: 99_999_999, optOut: 1 })).code).toBe(404);
    for (const body of [{ id }, { id, optOut: 'yes' }, { optOut: 1 }, { id: 'x', optOut: 1 }]) {
      expect((await act(w, 'dispatcher', PATH, body)).code, JSON.stringify(body)).toBe(400);
    }
  });
});
