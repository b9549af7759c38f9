import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '@hotline/contract';
import type { DemoUsername } from '../../../src/seed/demo-org';
import { JSJB, callers, unitIdOf, type Caller } from '../reads-fixtures';
import { post } from '../../support/api';
import { createTestApp, type TestApp } from '../../support/test-app';

/** Org trees, column preferences and the not-enabled work-order paths (no orders needed). */

let t: TestApp;
let who: Record<DemoUsername, Caller>;
let s01: number;

beforeAll(async () => {
  t = await createTestApp();
  who = await callers(t);
  s01 = await unitIdOf(t.ctx.db, 'S01');
});
afterAll(async () => {
  await t?.close();
});

describe('org trees', () => {
  it('org/queryOrgInfoHdTree: streets, towns, departments', async () => {
    const r = await post<{ list: { kind: string; name: string; children: { name: string }[] }[] }>(
      t,
      `${JSJB}/org/queryOrgInfoHdTree`,
      {},
      { token: who.dispatcher.token, lang: 'zh' },
    );
    expect(r.data.list.map((g) => [g.kind, g.name, g.children.length])).toEqual([
      ['street', '街道', 4],
      ['town', '乡镇', 3],
      ['department', '区属部门', 8],
    ]);
    expect(r.data.list[0]?.children[0]?.name).toBe('望湖街道');
    const dict = await post<{ list: unknown[] }>(
      t,
      `${JSJB}/lists/getZbTargDepartDict`,
      {},
      { token: who.dispatcher.token },
    );
    expect(dict.data.list).toHaveLength(15);
  });

  it('sjs/querychild and org/treeWangGe', async () => {
    const d01 = await unitIdOf(t.ctx.db, 'D01');
    const kids = await post<{ list: { kind: string; hasChildren: boolean }[] }>(
      t,
      `${JSJB}/sjs/querychild`,
      { id: d01 },
      { token: who.street1.token },
    );
    expect(kids.data.list).toHaveLength(15);
    expect(kids.data.list.filter((k) => k.hasChildren).length).toBe(7);
    const missing = await post(
      t,
      `${JSJB}/sjs/querychild`,
      { id: 99_999 },
      { token: who.street1.token },
    );
    expect([missing.status, missing.msg]).toEqual([404, 'no such unit']);
    const grid = await post<{ list: { code: string; children: { kind: string }[] }[] }>(
      t,
      `${JSJB}/org/treeWangGe`,
      {},
      { token: who.street1.token },
    );
    expect(grid.data.list.map((p) => [p.code, p.children.length])).toEqual([
      ['S01', 4],
      ['S02', 3],
      ['S03', 3],
      ['S04', 4],
      ['T01', 3],
      ['T02', 4],
      ['T03', 2],
    ]);
    const one = await post<{ list: { code: string }[] }>(
      t,
      `${JSJB}/org/treeWangGe`,
      { id: s01 },
      { token: who.street1.token },
    );
    expect(one.data.list.map((p) => p.code)).toEqual(['S01']);
    const dept = await post(
      t,
      `${JSJB}/org/treeWangGe`,
      { id: await unitIdOf(t.ctx.db, 'B01') },
      { token: who.street1.token },
    );
    expect([dept.status, dept.msg]).toEqual([400, 'id: must be a street or a town']);
  });
});

describe('cols/setCols and cols/getCols', () => {
  it('store per user and key, overwrite, read back', async () => {
    const cols = [
      { key: 'orderNum', visible: true, width: 160 },
      { key: 'title', visible: false },
    ];
    const empty = await post<{ cols: unknown }>(
      t,
      `${JSJB}/cols/getCols`,
      { key: 'district.list' },
      { token: who.dispatcher.token },
    );
    expect([empty.code, empty.data.cols]).toEqual([200, null]);
    const set = await post(
      t,
      `${JSJB}/cols/setCols`,
      { key: 'district.list', cols },
      { token: who.dispatcher.token },
    );
    expect(set.code).toBe(200);
    const got = await post<{ key: string; cols: unknown }>(
      t,
      `${JSJB}/cols/getCols`,
      { key: 'district.list' },
      { token: who.dispatcher.token },
    );
    expect(got.data).toEqual({ key: 'district.list', cols });
    await post(
      t,
      `${JSJB}/cols/setCols`,
      { key: 'district.list', cols: [{ key: 'title', visible: '1' }] },
      { token: who.dispatcher.token },
    );
    const again = await post<{ cols: unknown }>(
      t,
      `${JSJB}/cols/getCols`,
      { key: 'district.list' },
      { token: who.dispatcher.token },
    );
    expect(again.data.cols).toEqual([{ key: 'title', visible: true }]);
    const other = await post<{ cols: unknown }>(
      t,
      `${JSJB}/cols/getCols`,
      { key: 'district.list' },
      { token: who.reviewer.token },
    );
    expect(other.data.cols).toBeNull();
    const row = await t.ctx.db
      .selectFrom('user_prefs')
      .select('key')
      .where('user_id', '=', who.dispatcher.auth.userId)
      .execute();
    expect(row.map((r) => r.key)).toEqual(['cols:district.list']);
  });
});

describe('not enabled', () => {
  const declared = allEndpoints()
    .filter((ep) => ep.notEnabled && ep.access === 'user')
    .flatMap((ep) => ep.paths.map((path) => [path, ep.notEnabled!] as const));

  it('the contract declares the work-order paths this deployment does not serve', () => {
    expect(declared.length).toBeGreaterThanOrEqual(30);
  });

  it.each(declared)('%s → 501', async (path, feature) => {
    const en = await post(t, `/api${path}`, { id: 1 }, { token: who.dispatcher.token, lang: 'en' });
    expect([en.status, en.code, en.msg, en.data]).toEqual([
      501,
      501,
      `not enabled in this deployment: ${feature.en}`,
      null,
    ]);
    const zh = await post(t, `/api${path}`, {}, { token: who.dispatcher.token, lang: 'zh' });
    expect(zh.msg).toBe(`本部署未启用该功能：${feature.zh}`);
  });

  it('needs a session', async () => {
    const r = await post(t, `${JSJB}/lists/mapPoint`, {});
    expect(r.status).toBe(401);
  });
});
