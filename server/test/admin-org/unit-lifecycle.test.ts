import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  as,
  insertOrder,
  lastAudit,
  outcome,
  snapshot,
  tokensOf,
  unitId,
  unitRow,
  type AdminUnit,
  type Tokens,
} from './org-fixtures';

/** Disable, enable and delete of units: what references a unit, and the refusals that say so. */

let t: TestApp;
let tokens: Tokens;
let admin: ReturnType<typeof as>;
let d01: number;
let s01: number;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensOf(t);
  admin = as(t, tokens.admin);
  d01 = await unitId(t, 'D01');
  s01 = await unitId(t, 'S01');
});
afterAll(async () => {
  await t?.close();
});

const newUnit = async (name: string, kind: string, parentId: number) =>
  (await admin<AdminUnit>('/unit/create', { name, kind, parentId })).data;

describe('admin/unit/disable and enable', () => {
  it('a unit with enabled users, sub-units and open orders: 409 saying what and how many', async () => {
    await insertOrder(t, { status: 1, hostUnitId: s01 });
    await insertOrder(t, { status: 11, coHostUnitIds: [s01], hostUnitId: await unitId(t, 'S02') });
    const before = await snapshot(t);
    const reply = await admin('/unit/disable', { id: s01 });
    expect(outcome(reply)).toEqual([
      409,
      409,
      'cannot disable 望湖街道: it still has 2 enabled users, 4 enabled sub-units, 2 open orders it hosts or co-hosts; move or finish them first',
    ]);
    const zh = await as(t, tokens.admin, 'zh')('/unit/disable', { id: s01 });
    expect(zh.msg).toBe(
      '不能停用「望湖街道」：仍有2 名启用的用户、4 个启用的下级单位、2 件其主办或协办的未办结工单。请先调整后再停用',
    );
    expect(await snapshot(t)).toEqual(before);
  });

  it('closed orders do not keep a unit enabled; disabled, audited, then enabled again', async () => {
    const street = await newUnit('停用街道', 'street', d01);
    await insertOrder(t, { status: 92, hostUnitId: street.id });
    await insertOrder(t, { status: 91, coHostUnitIds: [street.id] });
    const reply = await admin<AdminUnit>('/unit/disable', { id: street.id });
    expect([reply.status, reply.data.disabled]).toEqual([200, true]);
    expect(await lastAudit(t, 'unit.disable')).toMatchObject({
      target_id: String(street.id),
      target_name: '停用街道',
      detail: { changes: { disabled: [false, true] } },
    });
    const list = (await admin<{ list: AdminUnit[] }>('/unit/list')).data.list;
    expect(list.find((u) => u.id === street.id)?.disabled).toBe(true);

    // Under a disabled parent nothing new is created or moved (400 naming parentId).
    const under = await admin('/unit/create', {
      name: '新社区',
      kind: 'community',
      parentId: street.id,
    });
    expect(outcome(under)).toEqual([400, 400, 'parentId: the parent unit is disabled']);
    const moved = await admin('/unit/move', {
      id: await unitId(t, 'S01C01'),
      parentId: street.id,
    });
    expect(outcome(moved)).toEqual([400, 400, 'parentId: the parent unit is disabled']);

    const enabled = await admin<AdminUnit>('/unit/enable', { id: street.id });
    expect([enabled.status, enabled.data.disabled]).toEqual([200, false]);
    expect(await lastAudit(t, 'unit.enable')).toMatchObject({
      target_id: String(street.id),
      detail: { changes: { disabled: [true, false] } },
    });
  });

  it('a sub-unit of a disabled unit cannot be enabled (409 naming the parent)', async () => {
    const street = await newUnit('上级停用街道', 'street', d01);
    const community = await newUnit('下级社区', 'community', street.id);
    expect((await admin('/unit/disable', { id: street.id })).status).toBe(409);
    expect((await admin('/unit/disable', { id: community.id })).status).toBe(200);
    expect((await admin('/unit/disable', { id: street.id })).status).toBe(200);
    // Disabling again changes nothing.
    expect((await admin<AdminUnit>('/unit/disable', { id: street.id })).data.disabled).toBe(true);
    const before = await snapshot(t);
    expect(outcome(await admin('/unit/enable', { id: community.id }))).toEqual([
      409,
      409,
      'the parent unit 上级停用街道 is disabled: enable it first',
    ]);
    expect(await snapshot(t)).toEqual(before);
    expect((await admin('/unit/enable', { id: street.id })).status).toBe(200);
    expect((await admin('/unit/enable', { id: community.id })).status).toBe(200);
  });

  it('unknown 404, bad id 400, others 403; nothing written', async () => {
    const before = await snapshot(t);
    for (const path of ['/unit/disable', '/unit/enable']) {
      expect(outcome(await admin(path, { id: 999999 }))).toEqual([404, 404, 'no such unit']);
      const bad = await admin(path, { id: 'x' });
      expect([bad.status, bad.msg]).toEqual([400, expect.stringMatching(/^id: /)]);
      const refused = await as(t, tokens.dispatcher)(path, { id: s01 });
      expect([refused.status, refused.code]).toEqual([403, 403]);
    }
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('admin/unit/delete', () => {
  it('a unit nothing references: deleted and audited', async () => {
    const street = await newUnit('误建街道', 'street', d01);
    const reply = await admin<{ id: number }>('/unit/delete', { id: street.id });
    expect([reply.status, reply.data]).toEqual([200, { id: street.id }]);
    expect(await unitRow(t, street.id)).toBeUndefined();
    expect(await lastAudit(t, 'unit.delete')).toMatchObject({
      target_id: String(street.id),
      target_name: '误建街道',
      detail: { code: street.code, kind: 'street', parentId: d01 },
    });
  });

  it('users (even disabled), sub-units and orders keep a unit: 409 saying which', async () => {
    const before = await snapshot(t);
    expect(outcome(await admin('/unit/delete', { id: s01 }))).toEqual([
      409,
      409,
      'cannot delete 望湖街道: 2 users (disabled ones included), 4 sub-units (disabled ones included), 1 orders it hosts, 1 orders it co-hosts still refer to it; disable it instead',
    ]);
    const lonely = await newUnit('有停用用户的部门', 'department', d01);
    await t.ctx.db
      .updateTable('users')
      .set({ unit_id: lonely.id, disabled: true })
      .where('username', '=', 'dept2')
      .execute();
    const users = await admin('/unit/delete', { id: lonely.id });
    expect(users.msg).toBe(
      'cannot delete 有停用用户的部门: 1 users (disabled ones included) still refer to it; disable it instead',
    );
    await t.ctx.db
      .updateTable('users')
      .set({ unit_id: await unitId(t, 'B02'), disabled: false })
      .where('username', '=', 'dept2')
      .execute();
    expect(outcome(await admin('/unit/delete', { id: 999999 }))).toEqual([
      404,
      404,
      'no such unit',
    ]);
    const refused = await as(t, tokens.dispatcher)('/unit/delete', { id: lonely.id });
    expect([refused.status, refused.code]).toEqual([403, 403]);
    expect((await admin('/unit/delete', { id: lonely.id })).status).toBe(200);
    const after = await snapshot(t);
    expect(after.problem_categories).toEqual(before.problem_categories);
  });

  it('a closed order it hosted, a dispatch record: 409', async () => {
    const hosted = await newUnit('办结主办街道', 'street', d01);
    await insertOrder(t, { status: 92, hostUnitId: hosted.id });
    expect((await admin('/unit/delete', { id: hosted.id })).msg).toBe(
      'cannot delete 办结主办街道: 1 orders it hosts still refer to it; disable it instead',
    );
    const assigned = await newUnit('曾派单部门', 'department', d01);
    const order = await insertOrder(t, { status: 92 });
    await t.ctx.db
      .insertInto('order_assignments')
      .values({ order_id: order, unit_id: assigned.id, role: 'host', active: false })
      .execute();
    expect((await admin('/unit/delete', { id: assigned.id })).msg).toBe(
      'cannot delete 曾派单部门: dispatch records still refer to it; disable it instead',
    );
  });

  it('references only a foreign key finds (community, history): 409 naming them, never 500', async () => {
    const street = await newUnit('外键街道', 'street', d01);
    const community = await newUnit('外键社区', 'community', street.id);
    await insertOrder(t, { status: 92, communityUnitId: community.id });
    const before = await snapshot(t);
    expect(outcome(await admin('/unit/delete', { id: community.id }))).toEqual([
      409,
      409,
      'cannot delete 外键社区: orders naming it as their community still refer to it; disable it instead',
    ]);
    expect(await snapshot(t)).toEqual(before);

    const dept = await newUnit('外键部门', 'department', d01);
    const order = await insertOrder(t, { status: 92 });
    await t.ctx.db
      .insertInto('order_events')
      .values({ order_id: order, action: 'comment', actor_unit_id: dept.id, comment: '测试' })
      .execute();
    const events = await as(t, tokens.admin, 'zh')('/unit/delete', { id: dept.id });
    expect(outcome(events)).toEqual([
      409,
      409,
      '不能删除「外键部门」：仍有工单办理记录引用该单位。可改为停用',
    ]);
  });
});
