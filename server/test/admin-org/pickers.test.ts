import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  as,
  categoryId,
  insertOrder,
  outcome,
  snapshot,
  tokensOf,
  unitId,
  type AdminUnit,
  type Tokens,
} from './org-fixtures';

/**
 * The work-order screens follow the administered trees at once: pickers offer enabled units
 * and categories only (the list filter's trees, with `all`, the disabled ones too), intake and
 * dispatch refuse disabled ones, and renames and moves show in trees and lists immediately.
 */

const JSJB = '/api/addons/jsjb';

interface HostGroup {
  kind: string;
  name: string;
  children: { id: number; name: string }[];
}
interface TreeNode {
  id: number;
  code: string;
  name: string;
  children: TreeNode[];
}

let t: TestApp;
let tokens: Tokens;
let admin: ReturnType<typeof as>;
let d01: number;
let s01: number;
let s02: number;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensOf(t);
  admin = as(t, tokens.admin);
  d01 = await unitId(t, 'D01');
  s01 = await unitId(t, 'S01');
  s02 = await unitId(t, 'S02');
});
afterAll(async () => {
  await t?.close();
});

const jsjb = <T>(path: string, body: unknown = {}, token = tokens.dispatcher) =>
  post<T>(t, `${JSJB}${path}`, body, { token, lang: 'en' });

const hostIds = async (body?: unknown) =>
  (await jsjb<{ list: HostGroup[] }>('/org/queryOrgInfoHdTree', body)).data.list.flatMap((g) =>
    g.children.map((c) => c.id),
  );
const flatten = (nodes: TreeNode[]): TreeNode[] =>
  nodes.flatMap((n) => [n, ...flatten(n.children)]);
const categoryIds = async (body?: unknown) =>
  flatten((await jsjb<{ list: TreeNode[] }>('/lists/categoryTree', body)).data.list).map(
    (n) => n.id,
  );
const gridOf = async (streetId: number) =>
  (await jsjb<{ list: TreeNode[] }>('/org/treeWangGe', {})).data.list.find(
    (p) => p.id === streetId,
  );

describe('disabled units leave the pickers, not the filters', () => {
  let street: AdminUnit;
  let community: number;

  beforeAll(async () => {
    street = (
      await admin<AdminUnit>('/unit/create', { name: '旧城街道', kind: 'street', parentId: d01 })
    ).data;
    await insertOrder(t, { status: 92, hostUnitId: street.id });
    community = await unitId(t, 'S02C03');
    expect((await admin('/unit/disable', { id: street.id })).status).toBe(200);
    expect((await admin('/unit/disable', { id: community })).status).toBe(200);
  });

  it('host tree, transfer targets and children offer enabled units only', async () => {
    expect(await hostIds()).not.toContain(street.id);
    expect(await hostIds({})).toContain(s01);
    // An empty POST (no body at all) is the same as {}.
    const bare = await t.app.inject({
      method: 'POST',
      url: `${JSJB}/org/queryOrgInfoHdTree`,
      headers: { authorization: `Bearer ${tokens.dispatcher}` },
    });
    expect(bare.statusCode).toBe(200);
    const dict = await jsjb<{ list: { id: number }[] }>('/lists/getZbTargDepartDict');
    expect(dict.data.list.map((u) => u.id)).not.toContain(street.id);
    const children = await jsjb<{ list: { id: number }[] }>('/sjs/querychild', { id: d01 });
    expect(children.data.list.map((u) => u.id)).not.toContain(street.id);
    expect((await gridOf(s02))?.children.map((c) => c.id)).not.toContain(community);
    expect(
      (await jsjb<{ list: TreeNode[] }>('/org/treeWangGe', {})).data.list.map((p) => p.id),
    ).not.toContain(street.id);
  });

  it('the list filter asks with all: 1 and gets the disabled units too', async () => {
    expect(await hostIds({ all: 1 })).toContain(street.id);
    expect(await hostIds({ all: '1' })).toContain(street.id);
    expect(await hostIds({ all: 0 })).not.toContain(street.id);
    const bad = await jsjb('/org/queryOrgInfoHdTree', { all: 'yes' });
    expect([bad.status, bad.msg]).toEqual([400, expect.stringMatching(/^all: /)]);
    // The old order of the disabled street is still found by it, under its name.
    const found = await jsjb<{ list: { organizerName: string }[] }>('/lists/search', {
      hostUnitId: street.id,
    });
    expect(found.data.list.map((o) => o.organizerName)).toEqual(['旧城街道']);
  });

  it('dispatch to a disabled unit: 400, nothing written', async () => {
    const order = await insertOrder(t, { status: 0 });
    const sign = await jsjb('/cy/a5HandleOrderSignInCy', { id: order, signType: 1 });
    expect(sign.code).toBe(200);
    const before = await snapshot(t, ['work_orders', 'order_assignments', 'order_events']);
    const host = await jsjb('/org/submitHandleOrgInfo', { id: order, hostUnitId: street.id });
    expect([host.status, host.code]).toEqual([400, 400]);
    const coHost = await jsjb('/org/submitHandleOrgInfo', {
      id: order,
      hostUnitId: s01,
      coHostUnitIds: [street.id],
    });
    expect([coHost.status, coHost.code]).toEqual([400, 400]);
    expect(await snapshot(t, ['work_orders', 'order_assignments', 'order_events'])).toEqual(before);
    // Enabled again, it takes orders at once.
    expect((await admin('/unit/enable', { id: street.id })).status).toBe(200);
    expect(await hostIds()).toContain(street.id);
    const ok = await jsjb('/org/submitHandleOrgInfo', { id: order, hostUnitId: street.id });
    expect(ok.code).toBe(200);
  });

  it('intake refuses a disabled community, naming communityUnitId; nothing written', async () => {
    const category = await categoryId(t, 'C010101');
    const before = await snapshot(t, ['work_orders', 'order_events']);
    const reply = await post(
      t,
      `${JSJB}/redaction/insert`,
      {
        title: '路灯不亮',
        majorContent: '小区门口路灯不亮，夜间出行不便。',
        callerName: '赵先生',
        callerPhone: '13912345678',
        address: '柳荫街',
        communityUnitId: community,
        categoryId: category,
        urgency: 'general',
        orderNature: 'complaint',
      },
      { token: tokens.dispatcher, lang: 'en' },
    );
    expect(outcome(reply)).toEqual([
      400,
      400,
      'communityUnitId: this community or village is disabled',
    ]);
    expect(await snapshot(t, ['work_orders', 'order_events'])).toEqual(before);
  });
});

describe('disabled categories: kept on old orders, not offered for new ones', () => {
  let field: number;
  let leaf: number;
  let oldOrder: number;

  beforeAll(async () => {
    field = await categoryId(t, 'C12');
    leaf = await categoryId(t, 'C120101');
    oldOrder = await insertOrder(t, { status: 92, categoryId: leaf, title: '旧分类工单' });
    expect((await admin('/category/disable', { id: field })).status).toBe(200);
  });

  it('the intake tree leaves them out; the filter tree (all: 1) keeps them', async () => {
    const offered = await categoryIds();
    expect(offered).not.toContain(field);
    expect(offered).not.toContain(leaf);
    expect(offered).toContain(await categoryId(t, 'C010101'));
    const all = await categoryIds({ all: 1 });
    expect(all).toContain(field);
    expect(all).toContain(leaf);
  });

  it('old orders still show the name in the list and the detail, and are found by it', async () => {
    const found = await jsjb<{ list: { id: number; categoryPath: string }[] }>('/lists/search', {
      categoryId: field,
    });
    expect(found.data.list.map((o) => [o.id, o.categoryPath])).toEqual([
      [oldOrder, '政务服务->办事服务->办事效率'],
    ]);
    const detail = await jsjb<{ order: { categoryPath: string } }>('/lists/detail', {
      id: oldOrder,
    });
    expect(detail.data.order.categoryPath).toBe('政务服务->办事服务->办事效率');
  });

  it('intake with a disabled category: 400 naming categoryId, nothing written', async () => {
    const before = await snapshot(t, ['work_orders', 'order_events']);
    const reply = await post(
      t,
      `${JSJB}/redaction/insert`,
      {
        title: '办事效率低',
        majorContent: '窗口办事效率低，排队时间长。',
        callerName: '钱女士',
        callerPhone: '13912345679',
        address: '区政务服务中心',
        communityUnitId: await unitId(t, 'S01C01'),
        categoryId: leaf,
        urgency: 'general',
        orderNature: 'complaint',
      },
      { token: tokens.dispatcher, lang: 'en' },
    );
    expect(outcome(reply)).toEqual([
      400,
      400,
      'categoryId: this problem category is disabled: choose another one',
    ]);
    expect(await snapshot(t, ['work_orders', 'order_events'])).toEqual(before);
  });
});

describe('renames and moves show at once', () => {
  it('a renamed street: new name in the org tree and in a list reply', async () => {
    const order = await insertOrder(t, { status: 1, hostUnitId: s01 });
    expect((await admin('/unit/update', { id: s01, name: '望湖新区街道' })).status).toBe(200);
    const tree = await jsjb<{ list: HostGroup[] }>('/org/queryOrgInfoHdTree');
    const streets = tree.data.list.find((g) => g.kind === 'street')?.children ?? [];
    expect(streets.find((s) => s.id === s01)?.name).toBe('望湖新区街道');
    const found = await jsjb<{ list: { id: number; organizerName: string }[] }>('/lists/search', {
      hostUnitId: s01,
    });
    expect(found.data.list.find((o) => o.id === order)?.organizerName).toBe('望湖新区街道');
    expect((await gridOf(s01))?.name).toBe('望湖新区街道');
  });

  it('a moved community: under its new street in the grid tree', async () => {
    const community = await unitId(t, 'S01C02');
    expect((await admin('/unit/move', { id: community, parentId: s02 })).status).toBe(200);
    expect((await gridOf(s02))?.children.map((c) => c.id)).toContain(community);
    expect((await gridOf(s01))?.children.map((c) => c.id)).not.toContain(community);
  });
});
