import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  API,
  as,
  categoryId,
  lastAudit,
  outcome,
  snapshot,
  tokensOf,
  type AdminCategory,
  type Tokens,
} from './org-fixtures';

/** The problem categories' administration (issue 17, 问题分类). */

let t: TestApp;
let tokens: Tokens;
let admin: ReturnType<typeof as>;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensOf(t);
  admin = as(t, tokens.admin);
});
afterAll(async () => {
  await t?.close();
});

const list = async () => (await admin<{ list: AdminCategory[] }>('/category/list')).data.list;
const byCode = async (code: string) => (await list()).find((c) => c.code === code);

describe('admin/category/list', () => {
  it('every category, three levels, with the disabled flag', async () => {
    const reply = await admin<{ list: AdminCategory[] }>('/category/list');
    expect([reply.status, reply.code]).toEqual([200, 200]);
    expect(new Set(reply.data.list.map((c) => c.level))).toEqual(new Set([1, 2, 3]));
    expect(reply.data.list.find((c) => c.code === 'C01')).toMatchObject({
      name: '城乡建设',
      level: 1,
      parentId: null,
      disabled: false,
    });
  });

  it('others 403, no token 401', async () => {
    const refused = await as(t, tokens.dispatcher)('/category/list');
    expect([refused.status, refused.code]).toEqual([403, 403]);
    const anonymous = await post(t, `${API}/category/list`, {}, { lang: 'en' });
    expect(anonymous.status).toBe(401);
  });
});

describe('admin/category/create', () => {
  it('a name already used under the same parent: 409 naming name', async () => {
    const taken = await admin('/category/create', { name: '公共安全' });
    expect(outcome(taken)).toEqual([
      409,
      409,
      'name: the parent category already has a category named 公共安全',
    ]);
  });

  it('level 1 at the top, else one below the parent; codes by position; audited', async () => {
    const top = await admin<AdminCategory>('/category/create', { name: '公共安全防范' });
    expect(top.data).toMatchObject({ code: 'C13', level: 1, parentId: null, disabled: false });
    const mid = await admin<AdminCategory>('/category/create', {
      name: '消防安全',
      parentId: top.data.id,
    });
    expect(mid.data).toMatchObject({ code: 'C1301', level: 2, parentId: top.data.id });
    const leaf = await admin<AdminCategory>('/category/create', {
      name: '消防通道堵塞',
      parentId: mid.data.id,
      sort: 3,
    });
    expect(leaf.data).toMatchObject({ code: 'C130101', level: 3, sort: 3 });
    const c01 = await categoryId(t, 'C01');
    const next = await admin<AdminCategory>('/category/create', {
      name: '物业管理',
      parentId: c01,
    });
    expect(next.data).toMatchObject({ code: 'C0107', level: 2 });
    const coded = await admin<AdminCategory>('/category/create', { name: '自定义', code: 'X-1' });
    expect(coded.data).toMatchObject({ code: 'X-1', level: 1 });
    expect(await lastAudit(t, 'category.create')).toMatchObject({
      target_type: 'category',
      target_id: String(coded.data.id),
      target_name: '自定义',
      detail: {
        changes: {
          code: [null, 'X-1'],
          name: [null, '自定义'],
          parentId: [null, null],
          level: [null, 1],
        },
      },
    });
  });

  it('under a level-3 category 400, unknown parent 400, taken code 409; nothing written', async () => {
    const before = await snapshot(t);
    const leaf = await categoryId(t, 'C010101');
    expect(outcome(await admin('/category/create', { name: '四级', parentId: leaf }))).toEqual([
      400,
      400,
      'parentId: problem categories have at most 3 levels',
    ]);
    expect(outcome(await admin('/category/create', { name: 'x', parentId: 999999 }))).toEqual([
      400,
      400,
      'parentId: no such problem category',
    ]);
    expect(outcome(await admin('/category/create', { name: 'x', code: 'C01' }))).toEqual([
      409,
      409,
      'code: C01 is already the code of another category',
    ]);
    const noName = await admin('/category/create', { name: '' });
    expect([noName.status, noName.msg]).toEqual([400, expect.stringMatching(/^name: /)]);
    const refused = await as(t, tokens.dispatcher)('/category/create', { name: '越权' });
    expect([refused.status, refused.code]).toEqual([403, 403]);
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('admin/category/update and move', () => {
  it('rename and re-order, audited', async () => {
    const id = await categoryId(t, 'C010101');
    const reply = await admin<AdminCategory>('/category/update', {
      id,
      name: '路灯不亮（含景观灯）',
      sort: 7,
    });
    expect(reply.data).toMatchObject({
      id,
      name: '路灯不亮（含景观灯）',
      sort: 7,
      code: 'C010101',
    });
    expect(await lastAudit(t, 'category.update')).toMatchObject({
      target_id: String(id),
      detail: { changes: { name: ['路灯不亮', '路灯不亮（含景观灯）'], sort: [1, 7] } },
    });
    const refused = await as(t, tokens.dispatcher)('/category/update', { id, name: 'x' });
    expect([refused.status, refused.code]).toEqual([403, 403]);
    expect(outcome(await admin('/category/update', { id: 999999, name: 'x' }))).toEqual([
      404,
      404,
      'no such problem category',
    ]);
    const bad = await admin('/category/update', { id, sort: 'many' });
    expect([bad.status, bad.msg]).toEqual([400, expect.stringMatching(/^sort: /)]);
  });

  it('a level-3 category moves under another level-2 one; its code stays', async () => {
    const id = await categoryId(t, 'C010102');
    const target = await categoryId(t, 'C0102');
    const reply = await admin<AdminCategory>('/category/move', { id, parentId: target });
    expect(reply.data).toMatchObject({ id, parentId: target, level: 3, code: 'C010102' });
    expect(await lastAudit(t, 'category.move')).toMatchObject({
      target_id: String(id),
      detail: {
        changes: { parentId: [await categoryId(t, 'C0101'), target] },
        from: '市政设施',
        to: '违法建设',
      },
    });
  });

  it('a level-2 category moves with its children under another level-1 one', async () => {
    const id = await categoryId(t, 'C0103');
    const reply = await admin<AdminCategory>('/category/move', {
      id,
      parentId: await categoryId(t, 'C02'),
    });
    expect(reply.data.level).toBe(2);
    expect((await byCode('C010301'))?.parentId).toBe(id);
  });

  it('a wrong level, a level-1 away from the top: 400 naming parentId, nothing written', async () => {
    const before = await snapshot(t);
    const leaf = await categoryId(t, 'C010201');
    expect(
      outcome(await admin('/category/move', { id: leaf, parentId: await categoryId(t, 'C02') })),
    ).toEqual([400, 400, 'parentId: the parent must be a level-2 category']);
    expect(outcome(await admin('/category/move', { id: leaf, parentId: null }))).toEqual([
      400,
      400,
      'parentId: the parent must be a level-2 category',
    ]);
    expect(outcome(await admin('/category/move', { id: leaf, parentId: leaf }))).toEqual([
      400,
      400,
      'parentId: the parent must be a level-2 category',
    ]);
    const top = await categoryId(t, 'C01');
    expect(
      outcome(await admin('/category/move', { id: top, parentId: await categoryId(t, 'C02') })),
    ).toEqual([400, 400, 'parentId: a level-1 category stays at the top']);
    const refused = await as(t, tokens.dispatcher)('/category/move', {
      id: leaf,
      parentId: await categoryId(t, 'C0101'),
    });
    expect([refused.status, refused.code]).toEqual([403, 403]);
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('admin/category/disable and enable', () => {
  it('disabling a level-1 category disables everything below it; audited', async () => {
    const top = await categoryId(t, 'C12');
    const reply = await admin<AdminCategory>('/category/disable', { id: top });
    expect([reply.status, reply.data.disabled]).toEqual([200, true]);
    const all = await list();
    const below = all.filter((c) => c.code.startsWith('C12'));
    expect(below.length).toBeGreaterThan(5);
    expect(below.every((c) => c.disabled)).toBe(true);
    expect(all.filter((c) => !c.code.startsWith('C12')).every((c) => !c.disabled)).toBe(true);
    const audit = await lastAudit(t, 'category.disable');
    expect(audit).toMatchObject({ target_id: String(top), target_name: '政务服务' });
    expect((audit?.detail.alsoDisabled as number[]).length).toBe(below.length - 1);
  });

  it('a child of a disabled category cannot be enabled before it; nothing new under it', async () => {
    const child = await categoryId(t, 'C1201');
    const before = await snapshot(t);
    expect(outcome(await admin('/category/enable', { id: child }))).toEqual([
      409,
      409,
      'the parent category 政务服务 is disabled: enable it first',
    ]);
    expect(outcome(await admin('/category/create', { name: '新', parentId: child }))).toEqual([
      400,
      400,
      'parentId: the parent category is disabled',
    ]);
    expect(
      outcome(
        await admin('/category/move', {
          id: await categoryId(t, 'C010201'),
          parentId: child,
        }),
      ),
    ).toEqual([400, 400, 'parentId: the parent category is disabled']);
    expect(await snapshot(t)).toEqual(before);
    const top = await categoryId(t, 'C12');
    expect((await admin<AdminCategory>('/category/enable', { id: top })).data.disabled).toBe(false);
    expect(await lastAudit(t, 'category.enable')).toMatchObject({ target_id: String(top) });
    // Its children stay disabled until enabled one by one.
    expect((await byCode('C1201'))?.disabled).toBe(true);
    expect((await admin<AdminCategory>('/category/enable', { id: child })).data.disabled).toBe(
      false,
    );
  });

  it('unknown 404, others 403', async () => {
    for (const path of ['/category/disable', '/category/enable']) {
      expect(outcome(await admin(path, { id: 999999 }))).toEqual([
        404,
        404,
        'no such problem category',
      ]);
      const refused = await as(t, tokens.dispatcher)(path, { id: await categoryId(t, 'C01') });
      expect([refused.status, refused.code]).toEqual([403, 403]);
    }
  });
});
