import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  API,
  as,
  auditCount,
  lastAudit,
  outcome,
  snapshot,
  tokensOf,
  unitId,
  unitRow,
  type AdminUnit,
  type Tokens,
} from './org-fixtures';

/** The unit tree's administration: list, create, update, move (issue 17, 组织机构). */

let t: TestApp;
let tokens: Tokens;
let admin: ReturnType<typeof as>;
let adminZh: ReturnType<typeof as>;
let d01: number;
let s01: number;
let b01: number;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensOf(t);
  admin = as(t, tokens.admin);
  adminZh = as(t, tokens.admin, 'zh');
  d01 = await unitId(t, 'D01');
  s01 = await unitId(t, 'S01');
  b01 = await unitId(t, 'B01');
});
afterAll(async () => {
  await t?.close();
});

const listUnits = async () => (await admin<{ list: AdminUnit[] }>('/unit/list')).data.list;

describe('admin/unit/list', () => {
  it('every unit, flat, with enabled-user counts and the disabled flag', async () => {
    const reply = await admin<{ list: AdminUnit[] }>('/unit/list');
    expect([reply.status, reply.code]).toEqual([200, 200]);
    const byCode = new Map(reply.data.list.map((u) => [u.code, u]));
    expect(reply.data.list).toHaveLength(
      await t.ctx.db
        .selectFrom('units')
        .select('id')
        .execute()
        .then((r) => r.length),
    );
    expect(byCode.get('S01')).toMatchObject({
      name: '望湖街道',
      kind: 'street',
      parentId: d01,
      disabled: false,
      userCount: 2, // street1 and its leader, leader1
    });
    // admin, dispatcher, reviewer, visitor, agent, leader
    expect(byCode.get('D01')?.userCount).toBe(6);
    expect(byCode.get('S01C01')).toMatchObject({ kind: 'community', parentId: s01, userCount: 0 });
  });

  it('a disabled user is not counted', async () => {
    await t.ctx.db
      .updateTable('users')
      .set({ disabled: true })
      .where('username', '=', 'dept2')
      .execute();
    const b02 = (await listUnits()).find((u) => u.code === 'B02');
    expect(b02?.userCount).toBe(0);
    await t.ctx.db
      .updateTable('users')
      .set({ disabled: false })
      .where('username', '=', 'dept2')
      .execute();
  });

  it('others 403, no token 401', async () => {
    const refused = await as(t, tokens.dispatcher)('/unit/list');
    expect(outcome(refused)).toEqual([403, 403, expect.any(String)]);
    const anonymous = await post(t, `${API}/unit/list`, {}, { lang: 'en' });
    expect([anonymous.status, anonymous.code]).toEqual([401, 401]);
  });
});

describe('admin/unit/create', () => {
  it('a street under the district: code generated (S05), audited', async () => {
    const reply = await admin<AdminUnit>('/unit/create', {
      name: '新城街道',
      kind: 'street',
      parentId: d01,
    });
    expect([reply.status, reply.code]).toEqual([200, 200]);
    expect(reply.data).toMatchObject({
      code: 'S05',
      name: '新城街道',
      kind: 'street',
      parentId: d01,
      sort: 0,
      disabled: false,
      userCount: 0,
    });
    const audit = await lastAudit(t, 'unit.create');
    expect(audit).toMatchObject({
      actor_name: 'admin',
      target_type: 'unit',
      target_id: String(reply.data.id),
      target_name: '新城街道',
    });
    expect(audit?.detail).toEqual({
      changes: {
        code: [null, 'S05'],
        name: [null, '新城街道'],
        kind: [null, 'street'],
        parentId: [null, d01],
        sort: [null, 0],
      },
    });
  });

  it('a community takes its street code (S01C05), a given code is kept', async () => {
    const community = await admin<AdminUnit>('/unit/create', {
      name: '望湖新村社区',
      kind: 'community',
      parentId: s01,
      sort: 5,
    });
    expect(community.data).toMatchObject({ code: 'S01C05', parentId: s01, sort: 5 });
    const dept = await admin<AdminUnit>('/unit/create', {
      name: '区应急管理局',
      kind: 'department',
      parentId: String(d01),
      code: 'B-EM',
    });
    expect(dept.data).toMatchObject({ code: 'B-EM', kind: 'department' });
  });

  it('a kind under a parent it may not sit under: 400 naming parentId, nothing written', async () => {
    const before = await snapshot(t);
    const wrong = await admin('/unit/create', { name: '错社区', kind: 'community', parentId: b01 });
    expect(outcome(wrong)).toEqual([
      400,
      400,
      'parentId: a unit of kind community can only sit under: street, town',
    ]);
    const zh = await adminZh('/unit/create', { name: '错社区', kind: 'community', parentId: b01 });
    expect(zh.msg).toBe(
      'parentId: 上级单位不符：该类单位（社区）只能放在以下类型的单位下：街道、乡镇',
    );
    const top = await admin('/unit/create', { name: '无上级街道', kind: 'street', parentId: null });
    expect(outcome(top)).toEqual([400, 400, 'parentId: a unit of this kind needs a parent unit']);
    const unknown = await admin('/unit/create', { name: 'x', kind: 'street', parentId: 999999 });
    expect(outcome(unknown)).toEqual([400, 400, 'parentId: no such unit']);
    expect(await snapshot(t)).toEqual(before);
  });

  it('schema failures name the field; a taken code is 409; nothing written', async () => {
    const before = await snapshot(t);
    const noName = await admin('/unit/create', { name: ' ', kind: 'street', parentId: d01 });
    expect([noName.status, noName.msg]).toEqual([400, expect.stringMatching(/^name: /)]);
    const badKind = await admin('/unit/create', { name: 'x', kind: 'planet', parentId: d01 });
    expect([badKind.status, badKind.msg]).toEqual([400, expect.stringMatching(/^kind: /)]);
    const badCode = await admin('/unit/create', {
      name: 'x',
      kind: 'street',
      parentId: d01,
      code: 'a b',
    });
    expect([badCode.status, badCode.msg]).toEqual([400, expect.stringMatching(/^code: /)]);
    const taken = await admin('/unit/create', {
      name: 'x',
      kind: 'street',
      parentId: d01,
      code: 'S01',
    });
    expect(outcome(taken)).toEqual([409, 409, 'code: S01 is already the code of another unit']);
    expect(await snapshot(t)).toEqual(before);
  });

  it('others 403 and nothing written', async () => {
    const before = await snapshot(t);
    const refused = await as(t, tokens.dispatcher)('/unit/create', {
      name: '越权街道',
      kind: 'street',
      parentId: d01,
    });
    expect([refused.status, refused.code]).toEqual([403, 403]);
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('admin/unit/update', () => {
  it('rename, re-code, re-order; audited with old → new', async () => {
    const id = (
      await admin<AdminUnit>('/unit/create', { name: '临时街道', kind: 'street', parentId: d01 })
    ).data.id;
    const reply = await admin<AdminUnit>('/unit/update', {
      id,
      name: '临江街道',
      code: 'S-LJ',
      sort: 9,
    });
    expect(reply.data).toMatchObject({ id, name: '临江街道', code: 'S-LJ', sort: 9 });
    expect(await lastAudit(t, 'unit.update')).toMatchObject({
      target_id: String(id),
      target_name: '临江街道',
      detail: { changes: { name: ['临时街道', '临江街道'], code: ['S06', 'S-LJ'], sort: [0, 9] } },
    });
    // Nothing to change: no audit row.
    const audits = await auditCount(t);
    expect((await admin<AdminUnit>('/unit/update', { id, name: '临江街道' })).code).toBe(200);
    expect(await auditCount(t)).toBe(audits);
  });

  it('a code of another unit 409, unknown id 404, bad sort 400, others 403; nothing written', async () => {
    const before = await snapshot(t);
    expect(outcome(await admin('/unit/update', { id: s01, code: 'S02' }))).toEqual([
      409,
      409,
      'code: S02 is already the code of another unit',
    ]);
    expect(outcome(await admin('/unit/update', { id: 999999, name: 'x' }))).toEqual([
      404,
      404,
      'no such unit',
    ]);
    const badSort = await admin('/unit/update', { id: s01, sort: -1 });
    expect([badSort.status, badSort.msg]).toEqual([400, expect.stringMatching(/^sort: /)]);
    const noId = await admin('/unit/update', { name: 'x' });
    expect([noId.status, noId.msg]).toEqual([400, expect.stringMatching(/^id: /)]);
    const refused = await as(t, tokens.dispatcher)('/unit/update', { id: s01, name: '改名' });
    expect([refused.status, refused.code]).toEqual([403, 403]);
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('admin/unit/move', () => {
  it('a community to another street keeps its id; audited with both parents', async () => {
    const s02 = await unitId(t, 'S02');
    const c = await unitId(t, 'S01C04');
    const reply = await admin<AdminUnit>('/unit/move', { id: c, parentId: s02 });
    expect(reply.data).toMatchObject({ id: c, parentId: s02, code: 'S01C04' });
    expect(await lastAudit(t, 'unit.move')).toMatchObject({
      target_id: String(c),
      detail: { changes: { parentId: [s01, s02] }, from: '望湖街道', to: '柳荫街道' },
    });
    await admin('/unit/move', { id: c, parentId: s01 });
    expect((await unitRow(t, c))?.parent_id).toBe(s01);
  });

  it('a street moves with its communities', async () => {
    const street = (
      await admin<AdminUnit>('/unit/create', { name: '搬迁街道', kind: 'street', parentId: d01 })
    ).data;
    const child = (
      await admin<AdminUnit>('/unit/create', {
        name: '搬迁社区',
        kind: 'community',
        parentId: street.id,
      })
    ).data;
    const district = (
      await admin<AdminUnit>('/unit/create', { name: '新区中心', kind: 'district', parentId: null })
    ).data;
    expect(district.code).toBe('D02');
    expect(
      (await admin<AdminUnit>('/unit/move', { id: street.id, parentId: district.id })).code,
    ).toBe(200);
    expect((await unitRow(t, child.id))?.parent_id).toBe(street.id);
    expect((await unitRow(t, street.id))?.parent_id).toBe(district.id);
  });

  it('under itself or its own sub-unit, or under a wrong kind: 400 naming parentId', async () => {
    const before = await snapshot(t);
    const self = await admin('/unit/move', { id: s01, parentId: s01 });
    expect(outcome(self)).toEqual([
      400,
      400,
      'parentId: a unit cannot move under itself or one of its own sub-units',
    ]);
    const below = await admin('/unit/move', { id: d01, parentId: s01 });
    expect(below.msg).toBe('parentId: a unit cannot move under itself or one of its own sub-units');
    const kind = await admin('/unit/move', { id: await unitId(t, 'S01C01'), parentId: b01 });
    expect(outcome(kind)).toEqual([
      400,
      400,
      'parentId: a unit of kind community can only sit under: street, town',
    ]);
    const top = await admin('/unit/move', { id: s01, parentId: 0 });
    expect(outcome(top)).toEqual([400, 400, 'parentId: a unit of this kind needs a parent unit']);
    const unknown = await admin('/unit/move', { id: s01, parentId: 999999 });
    expect(outcome(unknown)).toEqual([400, 400, 'parentId: no such unit']);
    const missing = await admin('/unit/move', { id: 999999, parentId: d01 });
    expect(outcome(missing)).toEqual([404, 404, 'no such unit']);
    const refused = await as(t, tokens.dispatcher)('/unit/move', {
      id: await unitId(t, 'S01C01'),
      parentId: await unitId(t, 'S02'),
    });
    expect([refused.status, refused.code]).toEqual([403, 403]);
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('unit names under one parent', () => {
  it('a name already used under the same parent: 409 naming name, on create, rename and move', async () => {
    const before = await snapshot(t);
    const taken = await admin('/unit/create', {
      name: ' 望湖街道 ',
      kind: 'street',
      parentId: d01,
    });
    expect(outcome(taken)).toEqual([
      409,
      409,
      'name: the parent unit already has a unit named 望湖街道',
    ]);
    const zh = await adminZh('/unit/create', { name: '望湖街道', kind: 'street', parentId: d01 });
    expect(zh.msg).toBe('name: 同一上级单位下已有名为「望湖街道」的单位');
    expect(await snapshot(t)).toEqual(before);
    // the same name under another parent is no clash: a community in each street
    const a = await admin<AdminUnit>('/unit/create', {
      name: '同名社区',
      kind: 'community',
      parentId: s01,
    });
    const other = (await listUnits()).find((u) => u.kind === 'street' && u.id !== s01)!;
    const b = await admin<AdminUnit>('/unit/create', {
      name: '同名社区',
      kind: 'community',
      parentId: other.id,
    });
    expect([a.code, b.code]).toEqual([200, 200]);
    // …but moving one next to the other, or renaming into a sibling's name, is
    expect((await admin('/unit/move', { id: b.data.id, parentId: s01 })).code).toBe(409);
    const sibling = await admin<AdminUnit>('/unit/create', {
      name: '另一社区',
      kind: 'community',
      parentId: s01,
    });
    const renamed = await admin('/unit/update', { id: sibling.data.id, name: '同名社区' });
    expect(renamed.code).toBe(409);
    // renaming a unit to its own name (other case, blanks) is no clash with itself
    expect((await admin('/unit/update', { id: a.data.id, name: '同名社区', sort: 2 })).code).toBe(
      200,
    );
  });
});
