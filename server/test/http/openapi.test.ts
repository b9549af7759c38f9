import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_FILE, generateOpenApi } from '../../src/openapi';
import { get } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('OpenAPI document', () => {
  it('docs/openapi.json is checked in and matches the route schemas', async () => {
    const hint = 'run `npm run openapi` (from the repository root) and commit docs/openapi.json';
    if (!existsSync(OPENAPI_FILE)) expect.fail(`${OPENAPI_FILE} does not exist: ${hint}`);
    const checkedIn = readFileSync(OPENAPI_FILE, 'utf8');
    const generated = await generateOpenApi();
    // Compare parsed documents first for a readable diff, then the exact text (formatting).
    expect(JSON.parse(checkedIn), `docs/openapi.json is out of date: ${hint}`).toEqual(
      JSON.parse(generated),
    );
    expect(checkedIn, `docs/openapi.json formatting differs: ${hint}`).toBe(generated);
  });

  it('the generated document describes the login and config routes with bearer security', async () => {
    const doc = JSON.parse(await generateOpenApi()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
      components: { securitySchemes: Record<string, { type: string; scheme: string }> };
    };
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/login/password',
      '/api/index/sendsms',
      '/api/getConfig',
      '/api/config/save',
      '/api/auth/set',
    ]) {
      expect(doc.paths[path]?.post, path).toBeDefined();
    }
    expect(doc.paths['/api/user/userInfo']?.get).toBeDefined();
    expect(doc.components.securitySchemes.bearer).toEqual({ type: 'http', scheme: 'bearer' });
  });

  it('GET /api/docs/json answers 200 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toContain('/api/login/password');
  });

  it('the swagger UI page answers without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });

  it('the docs are public but the API is not', async () => {
    const reply = await get(t, '/api/user/userInfo', { lang: 'en' });
    expect([reply.status, reply.code]).toEqual([401, 401]);
  });
});
