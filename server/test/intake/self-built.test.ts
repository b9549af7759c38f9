import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INTAKE_URL,
  chinaDay,
  createIntakeApp,
  snapshot,
  validIntake,
  type IntakeApp,
  type Json,
} from './intake-fixtures';
import { post } from '../support/api';

/** The self-built order form (redaction/insert): who may use it, and every bad input. */

const WATCHED = ['work_orders', 'order_events', 'order_merges', 'order_number_counters'];

let app: IntakeApp;
beforeAll(async () => {
  app = await createIntakeApp(0, ['agent', 'dispatcher', 'street1', 'leader', 'reviewer']);
});
afterAll(async () => {
  await app?.t.close();
});

describe('who may take an order in', () => {
  it('an agent creates an unsigned order (status 0) numbered ZJ + China date + 4 digits', async () => {
    const before = Date.now();
    const reply = await app.intake('agent', await validIntake(app.t));
    expect([reply.status, reply.code], reply.msg).toEqual([200, 200]);
    expect(reply.msg).toBe('work order created');
    const { order } = reply.data;
    // A database without orders: the day's first numbers.
    const day = chinaDay(new Date());
    expect(order.orderNum).toBe(`ZJ${day}0001`);
    expect(order.districtCaseNum).toBe(`QY${day}0001`);
    expect(order).toMatchObject({ typeId: 5, status: 0, dispatcherId: null, systemSignTime: null });
    // Refusal window: now + refuse_sign_hours (24 by default).
    const window = Date.parse(order.refuseDeadline) - Date.parse(order.callTime);
    expect(Math.abs(window - 24 * 3_600_000)).toBeLessThan(5_000);
    expect(Date.parse(order.callTime)).toBeGreaterThanOrEqual(before - 1000);

    const row = await app.t.ctx.db
      .selectFrom('work_orders')
      .selectAll()
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row.created_by).toBe(app.userId.agent);
    expect(row.caller_phone).toBe('13912345678');
    const events = await app.eventsOf(order.id);
    expect(events).toEqual([
      {
        action: 'intake',
        actor_id: app.userId.agent,
        from_state: null,
        to_state: { status: 0, mainOrgStatus: -1, huifangState: 0, needReviewStatus: null },
        comment: '',
      },
    ]);
  });

  it('a dispatcher creates a signed order (status 1, signed now, dispatcher = me)', async () => {
    const reply = await app.intake('dispatcher', await validIntake(app.t, { typeId: 7 }));
    expect([reply.status, reply.code], reply.msg).toEqual([200, 200]);
    const { order } = reply.data;
    expect(order).toMatchObject({ typeId: 7, status: 1, dispatcherId: app.userId.dispatcher });
    expect(Math.abs(Date.parse(order.systemSignTime ?? '') - Date.now())).toBeLessThan(10_000);
    const events = await app.eventsOf(order.id);
    expect(events.map((e) => [e.action, e.from_state, (e.to_state as Json).status])).toEqual([
      ['intake', null, 1],
    ]);
  });

  it.each([
    ['street1', 'your role may not create work orders'],
    ['leader', 'your role may not create work orders'],
    ['reviewer', 'your role may not create work orders'],
  ])('%s → 403 and nothing written', async (who, msg) => {
    const before = await snapshot(app.t, WATCHED);
    const reply = await app.intake(who, await validIntake(app.t));
    expect([reply.status, reply.code, reply.msg]).toEqual([403, 403, msg]);
    expect(await snapshot(app.t, WATCHED)).toEqual(before);
  });

  it('a caller without the role is refused before its body is read: 403, not 400', async () => {
    for (const body of [{}, { title: 'x'.repeat(10_000) }, { callerPhone: 'not a phone' }]) {
      const reply = await app.intake('leader', body as never);
      expect([reply.status, reply.code, reply.msg]).toEqual([
        403,
        403,
        'your role may not create work orders',
      ]);
    }
  });

  it('an agent may not create a direct-dispatch order (typeId 7) → 403', async () => {
    const reply = await app.intake('agent', await validIntake(app.t, { typeId: 7 }));
    expect([reply.status, reply.code]).toEqual([403, 403]);
    expect(reply.msg).toMatch(/only a dispatcher/);
  });

  it('without a session → 401', async () => {
    const reply = await post(app.t, INTAKE_URL, await validIntake(app.t));
    expect([reply.status, reply.code]).toEqual([401, 401]);
  });

  it('a position (WGS-84) is kept and shown in the lists', async () => {
    const reply = await app.intake(
      'dispatcher',
      await validIntake(app.t, { lat: 30.274085, long: 120.15507 }),
    );
    expect(reply.code, reply.msg).toBe(200);
    const row = await app.t.ctx.db
      .selectFrom('work_orders')
      .select(['lat', 'long'])
      .where('id', '=', reply.data.order.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ lat: 30.274085, long: 120.15507 });
    const token = await app.t.login('dispatcher');
    const found = await post<{ list: { lat: number | null; long: number | null }[] }>(
      app.t,
      '/api/addons/jsjb/lists/search',
      { orderNum: reply.data.order.orderNum, pageNo: 1, pageSize: 10 },
      { token },
    );
    expect(found.data.list).toEqual([expect.objectContaining({ lat: 30.274085, long: 120.15507 })]);
  });

  it('fixed lines and a China-time call time are accepted', async () => {
    for (const phone of ['010-12345678', '01012345678', '0571-1234567']) {
      const reply = await app.intake(
        'agent',
        await validIntake(app.t, { callerPhone: phone, callTime: '2026-01-05 09:30:00' }),
      );
      expect([reply.code, phone], reply.msg).toEqual([200, phone]);
      expect(reply.data.order.callTime).toBe('2026-01-05T01:30:00.000Z');
    }
  });
});

describe('bad input → 400 naming the field, nothing written', () => {
  const long = (n: number) => '长'.repeat(n);
  const cases: [label: string, field: string, overrides: () => Promise<Json>][] = [
    ['title missing', 'title', async () => ({ title: undefined })],
    ['title blank', 'title', async () => ({ title: '   ' })],
    ['title of 201 characters', 'title', async () => ({ title: long(201) })],
    ['majorContent of 9 characters', 'majorContent', async () => ({ majorContent: long(9) })],
    ['majorContent of 5001', 'majorContent', async () => ({ majorContent: long(5001) })],
    ['callerName of 51', 'callerName', async () => ({ callerName: long(51) })],
    ['callerPhone of 10 digits', 'callerPhone', async () => ({ callerPhone: '1391234567' })],
    ['callerPhone starting 12', 'callerPhone', async () => ({ callerPhone: '12912345678' })],
    ['callerPhone 010-123', 'callerPhone', async () => ({ callerPhone: '010-123' })],
    ['callerPhone a number', 'callerPhone', async () => ({ callerPhone: 13912345678 })],
    ['callerSubject company', 'callerSubject', async () => ({ callerSubject: 'company' })],
    ['callerCount 0', 'callerCount', async () => ({ callerCount: 0 })],
    ['callerCount a boolean', 'callerCount', async () => ({ callerCount: true })],
    ['address missing', 'address', async () => ({ address: undefined })],
    ['address of 201', 'address', async () => ({ address: long(201) })],
    ['urgency urgent', 'urgency', async () => ({ urgency: 'urgent' })],
    ['orderNature complain', 'orderNature', async () => ({ orderNature: 'complain' })],
    ['typeId 1 (city orders come by the city API)', 'typeId', async () => ({ typeId: 1 })],
    ['typeId text', 'typeId', async () => ({ typeId: 'x' })],
    ['labels: 11 of them', 'labels', async () => ({ labels: Array(11).fill('噪音') })],
    ['callTime yesterday', 'callTime', async () => ({ callTime: 'yesterday' })],
    ['callTime 2026-02-30', 'callTime', async () => ({ callTime: '2026-02-30 10:00:00' })],
    ['callTime in 1900', 'callTime', async () => ({ callTime: '1900-01-01 00:00:00' })],
    [
      'callTime tomorrow',
      'callTime',
      async () => ({ callTime: new Date(Date.now() + 86_400_000).toISOString() }),
    ],
    ['categoryId missing', 'categoryId', async () => ({ categoryId: undefined })],
    ['categoryId unknown', 'categoryId', async () => ({ categoryId: 999_999 })],
    ['categoryId level 1', 'categoryId', async () => ({ categoryId: await categoryOfLevel(1) })],
    ['categoryId level 2', 'categoryId', async () => ({ categoryId: await categoryOfLevel(2) })],
    ['communityUnitId unknown', 'communityUnitId', async () => ({ communityUnitId: 999_999 })],
    [
      'communityUnitId a street',
      'communityUnitId',
      async () => ({ communityUnitId: await unitOfKind('street') }),
    ],
    ['mergeIntoId unknown', 'mergeIntoId', async () => ({ mergeIntoId: 999_999_999 })],
    ['mergeIntoId 0', 'mergeIntoId', async () => ({ mergeIntoId: 0 })],
    ['lat without long', 'long', async () => ({ lat: 30.27 })],
    ['long without lat', 'lat', async () => ({ long: 120.15 })],
    ['lat 91', 'lat', async () => ({ lat: 91, long: 120 })],
    ['long as text', 'long', async () => ({ lat: 30, long: '120' })],
  ];

  it.each(cases)('%s → 400 %s', async (_label, field, overrides) => {
    const body = { ...(await validIntake(app.t)), ...(await overrides()) };
    const before = await snapshot(app.t, WATCHED);
    const reply = await app.intake('dispatcher', body);
    expect([reply.status, reply.code], reply.msg).toEqual([400, 400]);
    expect(reply.msg).toMatch(new RegExp(`^${field}: \\S`));
    expect(reply.data).toBeNull();
    expect(await snapshot(app.t, WATCHED)).toEqual(before);
  });

  it('the messages are in Chinese for a Chinese caller', async () => {
    const reply = await app.intake(
      'dispatcher',
      await validIntake(app.t, { callerPhone: '12345' }),
      'zh',
    );
    expect(reply.msg).toBe('callerPhone: 请输入正确的手机号或固定电话（如 010-12345678）');
    const level1 = await categoryOfLevel(1);
    const again = await app.intake(
      'dispatcher',
      await validIntake(app.t, { categoryId: level1 }),
      'zh',
    );
    expect(again.msg).toBe('categoryId: 须选择三级问题分类');
  });
});

async function categoryOfLevel(level: number): Promise<number> {
  const row = await app.t.ctx.db
    .selectFrom('problem_categories')
    .select('id')
    .where('level', '=', level)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function unitOfKind(kind: string): Promise<number> {
  const row = await app.t.ctx.db
    .selectFrom('units')
    .select('id')
    .where('kind', '=', kind)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
