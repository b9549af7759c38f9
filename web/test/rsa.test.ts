import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rsaEncryptJson } from '../src/features/auth/rsa';

/** The server's wire format: 256-byte RSA-OAEP (SHA-256) blocks, concatenated, base64. */
function serverDecrypt(param: string, key: ReturnType<typeof generateKeyPairSync>['privateKey']) {
  const bytes = Buffer.from(param, 'base64');
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += 256) {
    parts.push(
      privateDecrypt(
        { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        bytes.subarray(i, i + 256),
      ),
    );
  }
  return JSON.parse(Buffer.concat(parts).toString('utf8')) as unknown;
}

describe('RSA login payloads', () => {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const spki = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  // longer than one 190-byte chunk, with multi-byte characters
  const body = { username: '张三'.repeat(40), password: 'Demo@12345' };

  it('WebCrypto: chunks of 190 bytes the server can decrypt', async () => {
    const param = await rsaEncryptJson(body, spki);
    expect(Buffer.from(param, 'base64').length % 256).toBe(0);
    expect(Buffer.from(param, 'base64').length).toBeGreaterThan(256);
    expect(serverDecrypt(param, privateKey)).toEqual(body);
  });

  it('node-forge (pages without a secure context) gives the same wire format', async () => {
    const param = await rsaEncryptJson(body, spki, { forceForge: true });
    expect(serverDecrypt(param, privateKey)).toEqual(body);
  });
});
