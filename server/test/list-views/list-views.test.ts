import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_VIEW_MAX } from '@hotline/domain';
import { post } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Saved list views (我的查询): per user and per list, names unique (a save replaces), at most
 * LIST_VIEW_MAX, nobody else's; validation in both languages; parallel first saves keep the
 * limit.
 */

interface Views {
  key: string;
  views: { name: string; query: Record<string, string>; savedAt: string }[];
}

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ orders: 0 });
  for (const name of ['dispatcher', 'street1']) tokens[name] = await t.login(name);
});
afterAll(async () => {
  await t?.close();
});

const V = '/api/addons/jsjb/views';
const call = (path: string, body: unknown, user = 'dispatcher', lang: 'en' | 'zh' = 'en') =>
  post<Views>(t, `${V}/${path}`, body, { token: tokens[user], lang });
const names = (r: { data: Views }) => r.data.views.map((v) => v.name);
/** `n` query fields named f, fa, faa… */
const manyFields = (n: number) =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${'a'.repeat(i)}`, 'v']));

describe('saved list views', () => {
  it('saves, lists in the order first saved, replaces by name, deletes', async () => {
    expect((await call('list', { key: 'qu_blz' })).data).toEqual({ key: 'qu_blz', views: [] });
    const a = await call('save', { key: 'qu_blz', name: '紧急', query: { urgency: 'emergency' } });
    expect([a.status, a.code]).toEqual([200, 200]);
    await call('save', {
      key: 'qu_blz',
      name: '按截止',
      query: { sort: 'deadline', sortOrder: 'asc' },
    });
    const replaced = await call('save', {
      key: 'qu_blz',
      name: '紧急',
      query: { urgency: 'emergency,utility' },
    });
    expect(names(replaced)).toEqual(['紧急', '按截止']);
    const listed = await call('list', { key: 'qu_blz' });
    expect(listed.data.views[0]).toMatchObject({
      name: '紧急',
      query: { urgency: 'emergency,utility' },
      savedAt: expect.any(String),
    });
    // another list keeps its own
    expect(names(await call('list', { key: 'orders' }))).toEqual([]);
    const deleted = await call('delete', { key: 'qu_blz', name: '紧急' });
    expect(names(deleted)).toEqual(['按截止']);
    const again = await call('delete', { key: 'qu_blz', name: '紧急' }, 'dispatcher', 'zh');
    expect([again.status, again.msg]).toEqual([404, '没有名为“紧急”的查询']);
  });

  it('are the owner’s alone', async () => {
    await call('save', { key: 'jd_dqs', name: 'mine', query: { keyword: '路灯' } });
    expect(names(await call('list', { key: 'jd_dqs' }, 'street1'))).toEqual([]);
    const other = await call('delete', { key: 'jd_dqs', name: 'mine' }, 'street1');
    expect(other.status).toBe(404);
    expect(names(await call('list', { key: 'jd_dqs' }))).toEqual(['mine']);
  });

  it(`keeps at most ${LIST_VIEW_MAX} per list, even when saved in parallel`, async () => {
    const saves = Array.from({ length: LIST_VIEW_MAX + 5 }, (_, i) =>
      call('save', { key: 'qu_dqs', name: `v${i}`, query: { pageSize: '20' } }, 'street1'),
    );
    const replies = await Promise.all(saves);
    expect(replies.filter((r) => r.status === 200)).toHaveLength(LIST_VIEW_MAX);
    const refused = replies.filter((r) => r.status === 400);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.msg).toBe(
      `at most ${LIST_VIEW_MAX} saved views per list: delete unused ones first`,
    );
    expect(names(await call('list', { key: 'qu_dqs' }, 'street1'))).toHaveLength(LIST_VIEW_MAX);
    // replacing a view by name still works at the limit
    const replaced = await call('save', { key: 'qu_dqs', name: 'v0', query: {} }, 'street1');
    expect(replaced.status).toBe(200);
  });

  it.each([
    ['no key', { name: 'a', query: {} }, 'key'],
    ['a key with blanks', { key: 'a b', name: 'a', query: {} }, 'key'],
    ['an empty name', { key: 'qu_blz', name: '  ', query: {} }, 'name'],
    ['a name of 31 characters', { key: 'qu_blz', name: 'x'.repeat(31), query: {} }, 'name'],
    ['a query field with digits', { key: 'qu_blz', name: 'a', query: { a1: 'x' } }, 'query'],
    [
      'a query value of 201 characters',
      { key: 'qu_blz', name: 'a', query: { k: 'x'.repeat(201) } },
      'query',
    ],
    ['a query of numbers', { key: 'qu_blz', name: 'a', query: { k: 1 } }, 'query'],
    ['a query of 31 fields', { key: 'qu_blz', name: 'a', query: manyFields(31) }, 'query'],
  ])('refuses %s (400 naming the field)', async (_label, body, field) => {
    const reply = await call('save', body);
    expect([reply.status, reply.code]).toEqual([400, 400]);
    expect(reply.msg).toMatch(new RegExp(`(^|; )${field}`));
    const zh = await call('save', body, 'dispatcher', 'zh');
    expect(zh.status).toBe(400);
  });

  it('needs a session', async () => {
    const reply = await post(t, `${V}/list`, { key: 'qu_blz' });
    expect(reply.status).toBe(401);
  });
});
