import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SMS_TEMPLATES, renderSms } from '@hotline/domain';
import { SimulatedSmsProvider } from '../../src/modules/auth/sms-provider';
import { post, setConfig } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import { INTAKE_URL, validIntake } from '../intake/intake-fixtures';
import { act, must, world, type World } from '../support/lifecycle';

/**
 * Text messages to citizens: sent through the SMS port (the simulator's outbox here) at
 * intake, dispatch, approved reply, close and an unreached visit; each written on the order's
 * timeline with the number masked; not sent when opted out, to fixed lines, when switched off,
 * or past the daily cap per number.
 */

let t: TestApp;
let w: World;
let admin: string;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp({ citizenSms: true });
  w = await world(t);
  admin = await t.login('admin');
});
afterAll(async () => {
  await t?.close();
});

/** A fresh mobile number per test, so the daily cap of one test does not reach the next. */
const freshMobile = () =>
  `137${String(Date.now() % 1e6).padStart(6, '0')}${String(++serial).padStart(2, '0')}`;

async function intake(phone: string, extra: object = {}): Promise<number> {
  const body = await validIntake(t, { callerPhone: phone, ...extra });
  const reply = await post<{ order: { id: number; orderNum: string } }>(t, INTAKE_URL, body, {
    token: w.tokens.agent,
  });
  expect(reply.code, reply.msg).toBe(200);
  return reply.data.order.id;
}

const textsTo = (phone: string) =>
  t.sms.outbox.filter((m) => m.mobile === phone).map((m) => m.text);

async function smsEvents(orderId: number): Promise<string[]> {
  const rows = await t.ctx.db
    .selectFrom('order_events')
    .select('comment')
    .where('order_id', '=', orderId)
    .where('action', '=', 'sms')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.comment);
}

async function orderNumOf(id: number): Promise<string> {
  const row = await t.ctx.db
    .selectFrom('work_orders')
    .select('order_num')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.order_num;
}

describe('citizen text messages', () => {
  it('intake sends the accepted text; the timeline records it with the number masked', async () => {
    const phone = freshMobile();
    const id = await intake(phone);
    const num = await orderNumOf(id);
    expect(textsTo(phone)).toEqual([expect.stringContaining(`工单编号 ${num}`)]);
    // no public address of the lookup page set: the hotline, not a link leading nowhere
    expect(textsTo(phone)[0]).toMatch(/查询进度：致电 12345 热线$/);
    const [event] = await smsEvents(id);
    expect(event).toContain(`受理 → ${phone.slice(0, 3)}****${phone.slice(7)}`);
    expect(event).not.toContain(phone);
  });

  it('dispatch and an approved reply each send their text; signing sends none', async () => {
    const phone = freshMobile();
    const id = await intake(phone);
    await must(act(w, 'dispatcher', 'cy/a5HandleOrderSignInCy', { id, signType: 1 }));
    expect(textsTo(phone)).toHaveLength(1); // signing sends nothing
    await must(act(w, 'dispatcher', 'org/submitHandleOrgInfo', { id, hostUnitId: w.units.S01 }));
    await must(act(w, 'street1', 'Ft/signInFt', { id }));
    await must(
      act(w, 'street1', 'town/updateProResult', {
        id,
        content: '路灯已修复',
        contacted: 1,
        resolved: 1,
      }),
    );
    await must(act(w, 'reviewer', 'district/reply', { id, pass: 1 }));
    const texts = textsTo(phone);
    expect(texts).toHaveLength(3);
    expect(texts[1]).toContain('已派往承办单位');
    expect(texts[2]).toContain('已答复：路灯已修复');
    expect(await smsEvents(id)).toHaveLength(3);
  });

  it('a visit that does not reach the caller sends the visit text; one that closes, the closed text', async () => {
    const phone = freshMobile();
    const id = await intake(phone);
    await must(act(w, 'dispatcher', 'cy/a5HandleOrderSignInCy', { id, signType: 1 }));
    await must(act(w, 'dispatcher', 'org/submitHandleOrgInfo', { id, hostUnitId: w.units.S01 }));
    await must(act(w, 'street1', 'Ft/signInFt', { id }));
    await must(
      act(w, 'street1', 'town/updateProResult', {
        id,
        content: '路灯已修复',
        contacted: 1,
        resolved: 1,
      }),
    );
    await must(act(w, 'reviewer', 'district/reply', { id, pass: 1 }));
    expect(textsTo(phone)).toHaveLength(3);
    await must(act(w, 'visitor', 'updateHuifangSjs', { id, reached: 0 }));
    const afterMiss = textsTo(phone);
    expect(afterMiss).toHaveLength(4);
    const only = (orderNum: string) => ({
      orderNum,
      category: '',
      reply: '',
      trackUrl: '',
      date: '',
    });
    const num = await orderNumOf(id);
    expect(afterMiss[3]).toBe(renderSms(DEFAULT_SMS_TEMPLATES.visit, only(num)));
    await must(
      act(w, 'visitor', 'updateHuifangSjs', {
        id,
        reached: 1,
        hostContacted: 1,
        resolved: 1,
        satisfaction: 'satisfied',
      }),
    );
    const texts = textsTo(phone);
    expect(texts).toHaveLength(5);
    expect(texts[4]).toBe(renderSms(DEFAULT_SMS_TEMPLATES.closed, only(num)));
    const events = await smsEvents(id);
    expect(events).toHaveLength(5);
    expect(events[3]).toMatch(/^回访未接通 → /);
    expect(events[4]).toMatch(/^办结 → /);
    for (const e of events) expect(e).not.toContain(phone);
  });

  it('the simulator logs each text with the number masked and sends nothing', async () => {
    const logged: { fields: object; message: string }[] = [];
    const simulator = new SimulatedSmsProvider((fields, message) =>
      logged.push({ fields, message }),
    );
    await simulator.send('13812345678', '【12345】您的工单已受理');
    expect(logged).toEqual([
      {
        fields: { mobile: '138****5678', text: '【12345】您的工单已受理' },
        message: '[SMS simulator] message not sent, logged instead',
      },
    ]);
    expect(JSON.stringify(logged)).not.toContain('13812345678');
  });

  it('an opted-out order, a fixed line and a switched-off system get nothing', async () => {
    const phone = freshMobile();
    const optedOut = await intake(phone, { smsOptOut: true });
    expect(textsTo(phone)).toEqual([]);
    expect(await smsEvents(optedOut)).toEqual([]);
    const row = await t.ctx.db
      .selectFrom('work_orders')
      .select('sms_opt_out')
      .where('id', '=', optedOut)
      .executeTakeFirstOrThrow();
    expect(row.sms_opt_out).toBe(true);

    const landline = await intake('010-12345678');
    expect(await smsEvents(landline)).toEqual([]);

    await setConfig(t, admin, 'jsjb', 'sms_citizen_enabled', '0');
    const other = freshMobile();
    await intake(other);
    expect(textsTo(other)).toEqual([]);
    await setConfig(t, admin, 'jsjb', 'sms_citizen_enabled', '1');
  });

  it('a number gets at most sms_daily_cap texts a day; the template is a setting', async () => {
    await setConfig(t, admin, 'jsjb', 'sms_daily_cap', '2');
    await setConfig(t, admin, 'jsjb', 'sms_tpl_accepted', '收到 {orderNum}（{category}）{unknown}');
    const phone = freshMobile();
    const first = await intake(phone);
    await intake(phone);
    await intake(phone);
    const texts = textsTo(phone);
    expect(texts).toHaveLength(2);
    expect(texts[0]).toMatch(new RegExp(`^收到 ${await orderNumOf(first)}（.+）\\{unknown\\}$`));
    await setConfig(t, admin, 'jsjb', 'sms_daily_cap', '5');
  });
});
