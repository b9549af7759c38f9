import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createIntegrationKey,
  hashKey,
  issueIntegrationKey,
} from '../../src/modules/intake/integration-keys';
import { post } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Integration keys from the console (/admin/key/*): the same keys as the `integration:key`
 * command; the secret answered once and never stored or audited; a revoked key refused by the
 * city intake endpoint at once.
 */

interface Key {
  id: number;
  name: string;
  createdAt: string;
  revokedAt: string | null;
}

let t: TestApp;
let admin: string;
let dispatcher: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  dispatcher = await t.login('dispatcher');
});
afterAll(async () => {
  await t?.close();
});

const outcome = (r: { status: number; code: number; msg: string }) => [r.status, r.code, r.msg];
const opts = () => ({ token: admin, lang: 'en' as const });
const list = () => post<{ list: Key[] }>(t, '/api/admin/key/list', {}, opts());
const create = (name: unknown) =>
  post<{ key: Key; secret: string }>(t, '/api/admin/key/create', { name }, opts());
const revoke = (id: unknown) => post<Key>(t, '/api/admin/key/revoke', { id }, opts());

let serial = 0;
/** A real call to the key-protected intake endpoint. */
const cityPush = (apiKey: string) =>
  post(
    t,
    '/api/open/city/orders',
    {
      cityOrderNum: `2026${String(80_000_000 + (serial += 1)).padStart(8, '0')}`,
      title: '路灯不亮',
      majorContent: '市民反映小区门口路灯连续三晚不亮。',
      callerName: '孙先生',
      callerPhone: '13612345678',
      address: '望湖路 8 号',
      categoryCode: 'C010102',
      urgency: 'general',
      orderNature: 'report',
      callTime: '2026-11-20T08:15:00+08:00',
    },
    { lang: 'en', headers: { 'x-api-key': apiKey } },
  );

async function snapshot() {
  const keys = await t.ctx.db.selectFrom('integration_keys').selectAll().orderBy('id').execute();
  const audit = await t.ctx.db.selectFrom('audit_log').select('id').execute();
  return { keys, audit: audit.length };
}

const keyAudits = () =>
  t.ctx.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', 'like', 'key.%')
    .orderBy('id')
    .execute();

describe('integration keys', () => {
  it('create → the secret once; list → never the secret; revoke → intake refuses it at once', async () => {
    const before = (await list()).data.list.length;
    const created = await create(' city-centre ');
    expect([created.status, created.code]).toEqual([200, 200]);
    const { key, secret } = created.data;
    expect(key).toMatchObject({ name: 'city-centre', revokedAt: null });
    expect(secret).toMatch(/^hk_[A-Za-z0-9_-]{43}$/);
    // only the hash is stored, the same hash the command and the intake use
    const row = await t.ctx.db
      .selectFrom('integration_keys')
      .selectAll()
      .where('id', '=', key.id)
      .executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(hashKey(secret));

    const listed = await list();
    expect(listed.data.list).toHaveLength(before + 1);
    expect(listed.data.list.at(-1)).toEqual(key);
    expect(JSON.stringify(listed)).not.toContain(secret);

    const accepted = await cityPush(secret);
    expect([accepted.status, accepted.code]).toEqual([201, 201]);

    const revoked = await revoke(key.id);
    expect([revoked.status, revoked.code]).toEqual([200, 200]);
    expect(revoked.data.revokedAt).not.toBeNull();
    expect(revoked.data).toMatchObject({ id: key.id, name: 'city-centre' });
    const refused = await cityPush(secret);
    expect([refused.status, refused.code]).toEqual([401, 401]);

    const again = await revoke(key.id);
    expect([again.status, again.code]).toEqual([409, 409]);
    expect(again.msg).toMatch(/^this integration key was already revoked at /);
    expect(outcome(await revoke(999_999))).toEqual([404, 404, 'no such integration key']);

    // audited, without the secret
    const audits = await keyAudits();
    expect(
      audits.map((a) => [a.action, a.actor_name, a.target_type, a.target_id, a.target_name]),
    ).toEqual([
      ['key.create', 'admin', 'integrationKey', String(key.id), 'city-centre'],
      ['key.revoke', 'admin', 'integrationKey', String(key.id), 'city-centre'],
    ]);
    const everything = await t.ctx.db.selectFrom('audit_log').selectAll().execute();
    expect(JSON.stringify(everything)).not.toContain(secret);
    expect(JSON.stringify(everything)).not.toContain(row.key_hash);
  });

  it("keys made by the command are the console's keys (one code, one table)", async () => {
    const made = await createIntegrationKey(t.ctx.db, 'from-cli');
    const issued = await issueIntegrationKey(t.ctx.db, 'from-cli-2', {
      id: null,
      name: 'integration:key (ops)',
      ip: '',
    });
    const names = (await list()).data.list.map((k) => k.name);
    expect(names).toEqual(expect.arrayContaining(['from-cli', 'from-cli-2']));
    expect((await cityPush(made.key)).status).toBe(201);
    expect((await cityPush(issued.key)).status).toBe(201);
    const console = await revoke(made.id);
    expect(console.code).toBe(200);
    expect((await cityPush(made.key)).status).toBe(401);
    const [last] = (await keyAudits()).slice(-2, -1);
    expect([last!.action, last!.actor_name]).toEqual(['key.create', 'integration:key (ops)']);
  });

  it('bad input → 400 naming the field; nothing written', async () => {
    const before = await snapshot();
    const bad: [string, unknown, string][] = [
      ['/api/admin/key/create', { name: '' }, 'name'],
      ['/api/admin/key/create', { name: 'city centre' }, 'name'],
      ['/api/admin/key/create', { name: '市中心' }, 'name'],
      ['/api/admin/key/create', { name: `a${'b'.repeat(64)}` }, 'name'],
      ['/api/admin/key/create', { name: 5 }, 'name'],
      ['/api/admin/key/create', {}, 'name'],
      ['/api/admin/key/revoke', { id: 0 }, 'id'],
      ['/api/admin/key/revoke', { id: 'abc' }, 'id'],
      ['/api/admin/key/revoke', {}, 'id'],
    ];
    for (const [url, body, field] of bad) {
      const reply = await post(t, url, body, opts());
      expect([reply.status, reply.code], JSON.stringify(body)).toEqual([400, 400]);
      expect(reply.msg.startsWith(`${field}: `), reply.msg).toBe(true);
    }
    const zh = await post(
      t,
      '/api/admin/key/create',
      { name: 'a b' },
      { token: admin, lang: 'zh' },
    );
    expect(zh.msg).toBe('name: 1–64 个字母、数字或 _ . -，以字母或数字开头（如 city-centre）');
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['/api/admin/key/list', {}],
    ['/api/admin/key/create', { name: 'sneaky' }],
    ['/api/admin/key/revoke', { id: 1 }],
  ])('%s → 403 for the dispatcher, 401 without a token; nothing written', async (url, body) => {
    const before = await snapshot();
    const asDispatcher = await post(t, url, body, { token: dispatcher, lang: 'en' });
    expect(outcome(asDispatcher)).toEqual([403, 403, 'only an administrator may do this']);
    const anonymous = await post(t, url, body, { lang: 'en' });
    expect([anonymous.status, anonymous.code]).toEqual([401, 401]);
    expect(await snapshot()).toEqual(before);
  });
});
