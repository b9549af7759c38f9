import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHRASES_UNIT_RULE } from '@hotline/domain';
import { post, type Lang } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Common phrases (常用语): a user's own and their unit's shared ones; row scope (another user's
 * or unit's phrase is not found), who manages the shared ones, validation in both languages,
 * Idempotency-Key on create.
 */

interface Phrase {
  id: number;
  scope: 'user' | 'unit';
  category: string;
  text: string;
  sort: number;
  updatedAt: string;
}
interface PhraseList {
  mine: Phrase[];
  unit: Phrase[];
  unitName: string;
  canManageUnit: boolean;
}

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['admin', 'dispatcher', 'street1', 'street2']) {
    tokens[name] = await t.login(name);
  }
});
afterAll(async () => {
  await t?.close();
});

const as = (user: string, lang: Lang = 'en') => ({ token: tokens[user], lang });
const list = (user: string, body: object = {}) =>
  post<PhraseList>(t, '/api/phrase/list', body, as(user));
const create = (user: string, body: object, lang: Lang = 'en', headers?: Record<string, string>) =>
  post<Phrase>(t, '/api/phrase/create', body, {
    ...as(user, lang),
    ...(headers ? { headers } : {}),
  });
const update = (user: string, body: object) =>
  post<Phrase>(t, '/api/phrase/update', body, as(user));
const remove = (user: string, id: number) =>
  post<{ id: number }>(t, '/api/phrase/delete', { id }, as(user));
const outcome = (r: { status: number; msg: string }) => [r.status, r.msg];
const rowCount = async () =>
  Number(
    (
      await t.ctx.db
        .selectFrom('phrases')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('common phrases', () => {
  it("lists the caller's own and their unit's shared phrases (the demo seed), filtered by field", async () => {
    const all = await list('street1');
    expect(all.status).toBe(200);
    expect(all.data.unitName).toBe('望湖街道');
    expect(all.data.canManageUnit).toBe(false);
    expect(all.data.mine.map((p) => p.category)).toEqual(['reply', 'any']);
    expect(all.data.unit).toHaveLength(5);
    expect(all.data.unit.every((p) => p.scope === 'unit')).toBe(true);

    const reply = await list('street1', { category: 'reply' });
    expect(new Set(reply.data.unit.map((p) => p.category))).toEqual(new Set(['reply', 'any']));
    expect(reply.data.unit).toHaveLength(3);

    const district = await list('dispatcher', { category: 'review' });
    expect(district.data.mine).toEqual([]);
    expect(district.data.unit.map((p) => p.category)).toEqual(['review', 'review', 'any']);
    expect((await list('admin')).data.canManageUnit).toBe(true);
  });

  it('creates, changes and deletes your own phrases; they follow your order', async () => {
    const created = await create('street2', { text: '  已转交社区处理。 ', category: 'reply' });
    expect([created.status, created.msg]).toEqual([200, 'success']);
    expect(created.data).toMatchObject({
      scope: 'user',
      category: 'reply',
      text: '已转交社区处理。',
    });
    const second = await create('street2', { text: '请耐心等待。' });
    expect(second.data).toMatchObject({ category: 'any', sort: created.data.sort + 1 });

    const changed = await update('street2', { id: second.data.id, text: '请您耐心等待。' });
    expect(changed.data).toMatchObject({ text: '请您耐心等待。', sort: 1, category: 'any' });
    expect((await update('street2', { id: created.data.id, sort: 5 })).data).toMatchObject({
      sort: 5,
      text: '已转交社区处理。',
      category: 'reply',
    });
    const mine = (await list('street2')).data.mine;
    expect(mine.map((p) => p.text)).toEqual(['请您耐心等待。', '已转交社区处理。']);

    expect((await remove('street2', second.data.id)).data).toEqual({ id: second.data.id });
    expect((await list('street2')).data.mine.map((p) => p.id)).toEqual([created.data.id]);
    expect(outcome(await remove('street2', second.data.id))).toEqual([404, 'no such phrase']);
  });

  it("never reads or changes another user's or another unit's phrases", async () => {
    const street1 = (await list('street1')).data;
    const own = street1.mine[0]!;
    const shared = street1.unit[0]!;
    const before = await rowCount();

    // Another user (another unit), the same unit's colleague, an administrator elsewhere.
    for (const user of ['street2', 'admin']) {
      expect(outcome(await update(user, { id: own.id, text: 'x' }))).toEqual([
        404,
        'no such phrase',
      ]);
      expect(outcome(await remove(user, own.id))).toEqual([404, 'no such phrase']);
      expect(outcome(await update(user, { id: shared.id, text: 'x' }))).toEqual([
        404,
        'no such phrase',
      ]);
      expect(outcome(await remove(user, shared.id))).toEqual([404, 'no such phrase']);
      const theirs = (await list(user)).data;
      expect([...theirs.mine, ...theirs.unit].map((p) => p.id)).not.toContain(own.id);
      expect([...theirs.mine, ...theirs.unit].map((p) => p.id)).not.toContain(shared.id);
    }
    // street1 reads the unit's shared phrases but may not change them.
    const refused = await update('street1', { id: shared.id, text: 'x' });
    expect(refused.status).toBe(403);
    expect(refused.msg).toMatch(/unit phrases/);
    expect((await remove('street1', shared.id)).status).toBe(403);
    expect((await create('street1', { scope: 'unit', text: 'x' })).status).toBe(403);
    expect(await rowCount()).toBe(before);
    expect((await list('street1')).data.unit[0]).toEqual(shared);
  });

  it("unit-shared phrases: an administrator manages their own unit's; the permission grants it", async () => {
    const made = await create('admin', { scope: 'unit', category: 'review', text: '同意延期。' });
    expect(made.data.scope).toBe('unit');
    expect((await list('dispatcher')).data.unit.map((p) => p.id)).toContain(made.data.id);
    expect((await list('street1')).data.unit.map((p) => p.id)).not.toContain(made.data.id);
    expect((await update('admin', { id: made.data.id, category: 'any' })).data.category).toBe(
      'any',
    );

    // A custom role with the unit-phrases rule lets street2 manage 柳荫街道's shared phrases.
    const role = await t.ctx.db
      .insertInto('auth_groups')
      .values({ name: 'phrase_keeper', title: '常用语管理', rules: [PHRASES_UNIT_RULE] })
      .returning('id')
      .executeTakeFirstOrThrow();
    const street2 = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'street2')
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('user_groups')
      .values({ user_id: street2.id, group_id: role.id })
      .execute();
    tokens.street2 = await t.login('street2');
    expect((await list('street2')).data.canManageUnit).toBe(true);
    const shared = await create('street2', { scope: 'unit', text: '柳荫街道：已办结。' });
    expect(shared.status).toBe(200);
    // …but not the administrator's unit's.
    expect((await remove('street2', made.data.id)).status).toBe(404);
    expect((await remove('admin', made.data.id)).status).toBe(200);
  });

  it('validates with clear messages in both languages', async () => {
    expect(outcome(await create('street1', { text: '   ' }))).toEqual([
      400,
      'text: the phrase cannot be empty',
    ]);
    expect(outcome(await create('street1', { text: '   ' }, 'zh'))).toEqual([
      400,
      'text: 请填写常用语内容',
    ]);
    expect(outcome(await create('street1', { text: '长'.repeat(501) }, 'zh'))).toEqual([
      400,
      'text: 常用语不能超过 500 个字符',
    ]);
    expect((await create('street1', { text: '长'.repeat(500) })).status).toBe(200);
    expect(outcome(await create('street1', { text: 'x', category: 'poem' }))).toEqual([
      400,
      'category: the category must be one of: any, reply, review, visit, reason',
    ]);
    expect(outcome(await create('street1', { text: 'x', scope: 'city' }, 'zh'))).toEqual([
      400,
      'scope: 范围只能是：个人（user）或本单位共享（unit）',
    ]);
    expect((await update('street1', { id: 'abc' })).status).toBe(400);
    expect((await post(t, '/api/phrase/list', {}, { lang: 'en' })).status).toBe(401);
  });

  it('honours Idempotency-Key on create: a retry answers the first phrase and adds none', async () => {
    const headers = { 'idempotency-key': 'phrase-retry-1' };
    const first = await create('dispatcher', { text: '请补充现场照片。' }, 'en', headers);
    const before = await rowCount();
    const again = await create('dispatcher', { text: '请补充现场照片。' }, 'en', headers);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.data).toEqual(first.data);
    expect(await rowCount()).toBe(before);
    const other = await create('dispatcher', { text: '另一条' }, 'en', headers);
    expect(other.status).toBe(422);
  });

  it('caps the phrases of one owner', async () => {
    const { id: dispatcherId } = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'dispatcher')
      .executeTakeFirstOrThrow();
    const existing = (await list('dispatcher')).data.mine.length;
    await t.ctx.db
      .insertInto('phrases')
      .values(
        Array.from({ length: 200 - existing }, (_, i) => ({
          scope: 'user' as const,
          user_id: dispatcherId,
          text: `条目 ${i}`,
        })),
      )
      .execute();
    expect(outcome(await create('dispatcher', { text: '再来一条' }))).toEqual([
      400,
      'the limit of 200 phrases is reached: delete unused ones first',
    ]);
  });
});
