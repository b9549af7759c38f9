import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, renderClient } from '@hotline/contract';
import { buildApp } from '../../src/app';
import { openDatabase, type DatabaseHandle } from '../../src/db/connect';
import { SimulatedSmsProvider } from '../../src/modules/auth/sms-provider';
import { testSettings } from '../../src/settings';
import { SPEC_PATHS } from './spec-paths';

/**
 * The contract is the one list of endpoints: every route the server answers under /api is
 * declared there, every declaration is answered, the spec's whole path list (section 7) is
 * declared, and docs/api.md documents each one.
 */

const declared = allEndpoints();
const declaredOps = new Set(
  declared.flatMap((ep) => ep.paths.map((path) => `${ep.method} /api${path}`.toLowerCase())),
);

let handle: DatabaseHandle;
const registered = new Set<string>();
beforeAll(async () => {
  // Building routes touches no database; the pool below never connects.
  handle = await openDatabase({
    kind: 'postgres',
    url: 'postgres://unused@127.0.0.1:1/unused',
    poolSize: 1,
  });
  const ctx = {
    db: handle.db,
    settings: testSettings(),
    sms: new SimulatedSmsProvider(),
    now: () => new Date(),
  };
  const { app } = await buildApp(ctx, {
    onRoute: (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD' || !route.url.toLowerCase().startsWith('/api/')) continue;
        if (route.url.toLowerCase().startsWith('/api/docs')) continue;
        registered.add(`${method} ${route.url}`.toLowerCase());
      }
    },
  });
  await app.ready();
  await app.close();
});
afterAll(async () => {
  await handle?.close();
});

describe('endpoint catalogue', () => {
  it('declares each path once', () => {
    const seen = new Map<string, string>();
    for (const ep of declared) {
      for (const path of ep.paths) {
        const key = `${ep.method} ${path}`.toLowerCase();
        expect(seen.get(key), `${key} declared twice`).toBeUndefined();
        seen.set(key, ep.summary);
      }
    }
  });

  it('every route under /api is declared in the contract', () => {
    const undeclared = [...registered].filter((op) => !declaredOps.has(op));
    expect(undeclared).toEqual([]);
  });

  it('every declared endpoint is answered', () => {
    const missing = [...declaredOps].filter((op) => !registered.has(op));
    expect(missing).toEqual([]);
  });

  it.each(SPEC_PATHS)('the spec path %s is declared', (specPath) => {
    const name = specPath.toLowerCase();
    const match = declared.some((ep) =>
      ep.paths.some((p) => {
        const path = p.toLowerCase();
        return name.startsWith('/') ? path === name : path.endsWith(`/${name}`);
      }),
    );
    expect(match, `${specPath}: declare it in packages/contract (served or not enabled)`).toBe(
      true,
    );
  });

  it("the console's light client (packages/contract/src/client.ts) is up to date", () => {
    const file = fileURLToPath(
      new URL('../../../packages/contract/src/client.ts', import.meta.url),
    );
    const hint = 'run `npm run openapi` (from the repository root) and commit the file';
    expect(readFileSync(file, 'utf8'), hint).toBe(renderClient());
  });

  it('docs/api.md names every declared endpoint', () => {
    const file = fileURLToPath(new URL('../../../docs/api.md', import.meta.url));
    const doc = readFileSync(file, 'utf8').toLowerCase();
    const undocumented = declared
      .filter((ep) => !ep.paths.some((p) => doc.includes(p.toLowerCase().split('/').pop()!)))
      .map((ep) => ep.paths[0]);
    expect(undocumented).toEqual([]);
  });
});
