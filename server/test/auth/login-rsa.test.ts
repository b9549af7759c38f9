import {
  constants,
  createPublicKey,
  publicEncrypt,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configEntry, get, post, userInfo, type TokenData } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';

const PASSWORD = 'Demo@12345';

interface PublicKeyData {
  publicKey: string;
  mockServer: boolean;
  algorithm: string;
  chunkBytes: number;
}

let t: TestApp;
let admin: string;
let rsaEntryId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  rsaEntryId = (await configEntry(t, admin, 'jsjb', 'login_rsa')).id;
});
afterAll(async () => {
  await t?.close();
});

async function setRsa(value: '0' | '1') {
  const reply = await post<{ value: string }>(
    t,
    '/api/config/save',
    { id: rsaEntryId, value },
    { token: admin },
  );
  expect([reply.code, reply.data.value]).toEqual([200, value]);
}

async function serverKey(): Promise<KeyObject> {
  const reply = await get<PublicKeyData>(t, '/api/publicKey');
  expect(reply.code).toBe(200);
  expect(reply.data.mockServer).toBe(false);
  return createPublicKey({
    key: Buffer.from(reply.data.publicKey, 'base64'),
    format: 'der',
    type: 'spki',
  });
}

/** What the console does: RSA-OAEP(SHA-256) over 190-byte chunks, 256-byte blocks, base64. */
function encrypt(key: KeyObject, payload: unknown): string {
  const plain = Buffer.from(
    typeof payload === 'string' ? payload : JSON.stringify(payload),
    'utf8',
  );
  const blocks: Buffer[] = [];
  for (let offset = 0; offset < plain.length; offset += 190) {
    blocks.push(
      publicEncrypt(
        { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        plain.subarray(offset, offset + 190),
      ),
    );
  }
  return Buffer.concat(blocks).toString('base64');
}

describe('RSA login switched off (default)', () => {
  it('publicKey says mockServer true and plain login works', async () => {
    const key = await get<PublicKeyData>(t, '/api/publicKey');
    expect([key.status, key.code]).toEqual([200, 200]);
    expect(key.data).toMatchObject({ mockServer: true, publicKey: '' });
    const plain = await post<TokenData>(t, '/api/login/password', {
      username: 'agent',
      password: PASSWORD,
    });
    expect(plain.code).toBe(200);
  });
});

describe('RSA login switched on', () => {
  beforeAll(async () => {
    await setRsa('1');
  });
  afterAll(async () => {
    await setRsa('0');
  });

  it('publicKey gives a 2048-bit SPKI DER key, base64, and the chunk size', async () => {
    const reply = await get<PublicKeyData>(t, '/api/publicKey');
    expect([reply.status, reply.code]).toEqual([200, 200]);
    expect(reply.data.mockServer).toBe(false);
    expect(reply.data.publicKey).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(reply.data.publicKey).not.toContain('BEGIN');
    expect(reply.data).toMatchObject({ algorithm: 'RSA-OAEP-256', chunkBytes: 190 });
    const key = createPublicKey({
      key: Buffer.from(reply.data.publicKey, 'base64'),
      format: 'der',
      type: 'spki',
    });
    expect(key.asymmetricKeyType).toBe('rsa');
    expect(key.asymmetricKeyDetails?.modulusLength).toBe(2048);
    // The key is stable between calls.
    expect((await get<PublicKeyData>(t, '/api/publicKey')).data.publicKey).toBe(
      reply.data.publicKey,
    );
  });

  it('an encrypted body logs in', async () => {
    const param = encrypt(await serverKey(), { username: 'dispatcher', password: PASSWORD });
    expect(Buffer.from(param, 'base64')).toHaveLength(256);
    const reply = await post<TokenData>(t, '/api/login/password', { param });
    expect([reply.status, reply.code]).toEqual([200, 200]);
    const me = await userInfo(t, reply.data.token);
    expect(me.data.username).toBe('dispatcher');
  });

  it('an encrypted body with a wrong password is an ordinary 401', async () => {
    const param = encrypt(await serverKey(), { username: 'leader', password: 'Wrong@12345' });
    const reply = await post(t, '/api/login/password', { param }, { lang: 'en' });
    expect([reply.status, reply.code, reply.msg]).toEqual([
      401,
      401,
      'wrong user name or password',
    ]);
  });

  it('an encrypted body is validated like a plain one', async () => {
    const param = encrypt(await serverKey(), { username: 'leader', password: '123' });
    const reply = await post(t, '/api/login/password', { param }, { lang: 'zh' });
    expect([reply.status, reply.code, reply.msg]).toEqual([400, 400, 'password: 密码不能少于6位']);
  });

  it('an encrypted body with text the database cannot hold is a 400 naming the field', async () => {
    const key = await serverKey();
    for (const username of ['lea\u0000der', 'lea\ud800der']) {
      const param = encrypt(key, { username, password: PASSWORD });
      const reply = await post(t, '/api/login/password', { param }, { lang: 'en' });
      expect([reply.status, reply.code, reply.msg]).toEqual([
        400,
        400,
        'username: holds a character that cannot be stored (a NUL or an unpaired surrogate)',
      ]);
    }
  });

  it('a payload longer than one chunk decrypts (password of 120 characters)', async () => {
    const key = await serverKey();
    const longPassword = '密'.repeat(120); // 360 bytes of UTF-8
    const param = encrypt(key, { username: 'reviewer', password: longPassword });
    expect(Buffer.from(param, 'base64')).toHaveLength(3 * 256);
    const reply = await post(t, '/api/login/password', { param }, { lang: 'en' });
    // Decrypted and checked: the password is wrong, not undecipherable.
    expect([reply.status, reply.code, reply.msg]).toEqual([
      401,
      401,
      'wrong user name or password',
    ]);

    const ascii = encrypt(key, {
      username: 'reviewer',
      password: 'p'.repeat(120),
      note: 'x'.repeat(200),
    });
    expect(Buffer.from(ascii, 'base64').length).toBeGreaterThan(256);
    expect((await post(t, '/api/login/password', { param: ascii })).code).toBe(401);

    const padded = encrypt(key, {
      username: 'reviewer',
      password: PASSWORD,
      padding: 'z'.repeat(500),
    });
    expect(Buffer.from(padded, 'base64')).toHaveLength(3 * 256);
    const ok = await post<TokenData>(t, '/api/login/password', { param: padded });
    expect([ok.status, ok.code]).toEqual([200, 200]);
    expect((await userInfo(t, ok.data.token)).data.username).toBe('reviewer');
  });

  it('a plain body is refused: the password must be sent RSA-encrypted', async () => {
    const en = await post(
      t,
      '/api/login/password',
      { username: 'dispatcher', password: PASSWORD },
      { lang: 'en' },
    );
    expect([en.status, en.code, en.msg]).toEqual([
      400,
      400,
      'the password must be sent RSA-encrypted',
    ]);
    const zh = await post(
      t,
      '/api/login/password',
      { username: 'dispatcher', password: PASSWORD },
      { lang: 'zh' },
    );
    expect([zh.status, zh.code, zh.msg]).toEqual([400, 400, '密码须经 RSA 加密后提交']);
  });

  const garbage: [string, () => Promise<string>][] = [
    ['not base64 at all', async () => '!!!not-base64!!!'],
    ['base64 of a short string', async () => Buffer.from('hello').toString('base64')],
    ['one random 256-byte block', async () => randomBytes(256).toString('base64')],
    [
      'a valid block plus a truncated one',
      async () =>
        Buffer.concat([
          Buffer.from(encrypt(await serverKey(), { a: 1 }), 'base64'),
          randomBytes(100),
        ]).toString('base64'),
    ],
    [
      'a valid block followed by a random block',
      async () =>
        Buffer.concat([
          Buffer.from(encrypt(await serverKey(), { a: 1 }), 'base64'),
          randomBytes(256),
        ]).toString('base64'),
    ],
    [
      'encrypted text that is not JSON',
      async () => encrypt(await serverKey(), 'username=dispatcher'),
    ],
    [
      'a ciphertext for another key',
      async () => {
        const { generateKeyPairSync } = await import('node:crypto');
        const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
        return encrypt(other, { username: 'dispatcher', password: PASSWORD });
      },
    ],
  ];

  it.each(garbage)('garbage param (%s) → 400, never 500', async (_label, make) => {
    const reply = await post(t, '/api/login/password', { param: await make() }, { lang: 'en' });
    expect([reply.status, reply.code, reply.msg]).toEqual([
      400,
      400,
      'the encrypted data could not be decrypted',
    ]);
  });

  it('encrypted JSON of the wrong shape → 400 naming the body', async () => {
    const key = await serverKey();
    for (const payload of [null, [1, 2], 42, { username: ['a'], password: PASSWORD }]) {
      const reply = await post(
        t,
        '/api/login/password',
        { param: encrypt(key, payload) },
        { lang: 'en' },
      );
      expect([reply.status, reply.code], JSON.stringify(payload)).toEqual([400, 400]);
      expect(reply.msg, JSON.stringify(payload)).toMatch(/^(body|username|password):/);
    }
  });

  it('the SMS check accepts an encrypted body too', async () => {
    const key = await serverKey();
    expect((await post(t, '/api/index/sendsms', { mobile: '13800000003' })).code).toBe(200);
    const code = t.sms.lastCodeFor('13800000003');
    const reply = await post<TokenData>(t, '/api/index/checkCode', {
      param: encrypt(key, { mobile: '13800000003', code }),
    });
    expect([reply.status, reply.code]).toEqual([200, 200]);
    expect((await userInfo(t, reply.data.token)).data.username).toBe('reviewer');
  });
});

describe('RSA switched back off', () => {
  it('publicKey says mockServer true again and plain login works', async () => {
    const key = await get<PublicKeyData>(t, '/api/publicKey');
    expect(key.data.mockServer).toBe(true);
    const reply = await post<TokenData>(t, '/api/login/password', {
      username: 'dispatcher',
      password: PASSWORD,
    });
    expect([reply.status, reply.code]).toEqual([200, 200]);
  });
});
