import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuNode } from '@hotline/contract';
import { buildApp } from '../../src/app';
import { get, post, type ConfigListData } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Two API nodes on one database, each with its own configuration cache (CONFIG_CACHE_MS): a
 * setting saved through node A's administration is seen by node B within CONFIG_CACHE_MS —
 * the public web config (the login page's title) and the cached paths (the menu's call-records
 * group follows `is_waihu`).
 */

const TTL = 400;

let t: TestApp;
let nodeB: FastifyInstance;
let admin: string;
let dispatcher: string;

beforeAll(async () => {
  t = await createTestApp({ settings: { configCacheMs: TTL } });
  // Node B: the same database and settings, its own Kysely instance (so its own cache).
  const built = await buildApp({
    db: t.ctx.db.withoutPlugins(),
    settings: t.ctx.settings,
    sms: t.sms,
    now: t.ctx.now,
  });
  nodeB = built.app;
  await nodeB.ready();
  admin = await t.login('admin');
  dispatcher = await t.login('dispatcher');
});
afterAll(async () => {
  await nodeB?.close();
  await t?.close();
});

const flatten = (nodes: MenuNode[]): MenuNode[] =>
  nodes.flatMap((n) => [n, ...flatten(n.children)]);

async function websiteName(node: TestApp | FastifyInstance): Promise<string | undefined> {
  const r = await post<ConfigListData>(node, '/api/getWebConfig', { group: 'jsjb' });
  expect(r.code).toBe(200);
  return r.data.lists.find((e) => e.name === 'website_name')?.value;
}

async function showsCalls(node: TestApp | FastifyInstance): Promise<boolean> {
  const r = await get<{ list: MenuNode[] }>(node, '/api/rule/menu?ismenu=1', {
    token: dispatcher,
  });
  expect(r.code).toBe(200);
  return flatten(r.data.list).some((n) => n.path === '/call/records');
}

/**
 * Waits until CONFIG_CACHE_MS has passed since `since` (a moment after the commit). A node
 * keeps a value for CONFIG_CACHE_MS from when it started reading it, so whatever node B holds
 * then was read after the commit: its next answer must show the change, however slow the
 * machine is.
 */
async function cacheLifeAfter(since: number): Promise<void> {
  const left = since + TTL + 5 - Date.now();
  if (left > 0) await new Promise((r) => setTimeout(r, left));
}

describe('two nodes, one database, CONFIG_CACHE_MS', () => {
  it('a setting saved on node A is seen on node B within CONFIG_CACHE_MS', async () => {
    expect(await websiteName(nodeB)).toBe('12345接诉即办工单系统');
    expect(await showsCalls(t)).toBe(false);
    // node B reads (and caches) the menu configuration now
    const warmed = Date.now();
    expect(await showsCalls(nodeB)).toBe(false);

    const saved = await post<{ changed: string[] }>(
      t,
      '/api/admin/settings/save',
      { group: 'jsjb', values: { website_name: '望湖区接诉即办', is_waihu: '1' } },
      { token: admin },
    );
    const at = Date.now();
    expect(saved.data.changed).toEqual(['website_name', 'is_waihu']);
    // node A forgot its cache on commit: at once
    expect(await showsCalls(t)).toBe(true);
    // node B: its cached menu configuration is still the old one while the cache lasts...
    const stale = await showsCalls(nodeB);
    if (Date.now() - warmed < TTL - 50) expect(stale).toBe(false);
    // ...and both the title and the menu follow within CONFIG_CACHE_MS
    await cacheLifeAfter(at);
    expect(await websiteName(nodeB)).toBe('望湖区接诉即办');
    expect(await showsCalls(nodeB)).toBe(true);

    // and back, the same way
    await post(
      t,
      '/api/admin/settings/save',
      { group: 'jsjb', values: { is_waihu: '0' } },
      { token: admin },
    );
    const back = Date.now();
    expect(await showsCalls(t)).toBe(false);
    await cacheLifeAfter(back);
    expect(await showsCalls(nodeB)).toBe(false);
  });
});
