import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuNode } from '@hotline/contract';
import { get, setConfig } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The per-node cache of the configuration and menu tables (CONFIG_CACHE_MS): a change through
 * the administrator's API is seen at once on the node that made it; a change this node did
 * not make (another node, or straight in the database) is seen once the cache runs out.
 */

let t: TestApp;
let admin: string;
let dispatcher: string;
const TTL = 1_500;

beforeAll(async () => {
  t = await createTestApp({ settings: { configCacheMs: TTL } });
  admin = await t.login('admin');
  dispatcher = await t.login('dispatcher');
});
afterAll(async () => {
  await t?.close();
});

const flatten = (nodes: MenuNode[]): MenuNode[] =>
  nodes.flatMap((n) => [n, ...flatten(n.children)]);

/** Whether the dispatcher's menu shows the outbound-call group (switch `is_waihu`). */
async function showsCalls(): Promise<boolean> {
  const r = await get<{ list: MenuNode[] }>(t, '/api/rule/menu?ismenu=1', { token: dispatcher });
  expect(r.code).toBe(200);
  return flatten(r.data.list).some((n) => n.path === '/call/records');
}

describe('configuration cache', () => {
  it('an admin change is seen at once; a change behind its back once the cache runs out', async () => {
    await setConfig(t, admin, 'jsjb', 'is_waihu', '1');
    expect(await showsCalls()).toBe(true);
    await setConfig(t, admin, 'jsjb', 'is_waihu', '0');
    expect(await showsCalls()).toBe(false);

    // Straight in the database, as another node's change would be: still the cached value...
    await sql`UPDATE config SET value = '1' WHERE group_name = 'jsjb' AND name = 'is_waihu'`.execute(
      t.ctx.db,
    );
    expect(await showsCalls()).toBe(false);
    // ...until the cache runs out.
    await new Promise((r) => setTimeout(r, TTL + 100));
    expect(await showsCalls()).toBe(true);
  });
});
