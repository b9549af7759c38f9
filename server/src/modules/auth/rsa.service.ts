import {
  constants,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  privateDecrypt,
  type KeyObject,
} from 'node:crypto';
import type { Db } from '../../context';
import { badRequest } from '../../http/app-error';

/**
 * RSA for login payloads. The console encrypts the JSON of its login body with RSA-OAEP
 * (SHA-256) in chunks of at most 190 bytes (2048-bit key); the ciphertext blocks, 256 bytes
 * each, are concatenated and sent base64-encoded as `param`. OAEP rather than PKCS#1 v1.5
 * because Node refuses v1.5 decryption (CVE-2023-46809).
 */
const KEY_NAME = 'rsa_login_private';
export const RSA_BLOCK_BYTES = 256;
export const RSA_CHUNK_BYTES = 190;

let cached: { pem: string; key: KeyObject } | undefined;

async function loadKey(db: Db): Promise<KeyObject> {
  const row = await db
    .selectFrom('server_keys')
    .select('value')
    .where('name', '=', KEY_NAME)
    .executeTakeFirst();
  if (row) {
    if (cached?.pem !== row.value) cached = { pem: row.value, key: createPrivateKey(row.value) };
    return cached.key;
  }
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  // Another node may have raced us: keep whichever key landed first.
  await db
    .insertInto('server_keys')
    .values({ name: KEY_NAME, value: pem })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return loadKey(db);
}

/** Base64 DER (SPKI) of the public key, without PEM armour, as the console expects. */
export async function publicKeyBase64(db: Db): Promise<string> {
  const key = await loadKey(db);
  return createPublicKey(key).export({ type: 'spki', format: 'der' }).toString('base64');
}

/** Decrypts `param` into the JSON it carries; a malformed payload is a 400, never a 500. */
export async function decryptParam(db: Db, param: string): Promise<unknown> {
  const key = await loadKey(db);
  const bytes = Buffer.from(param, 'base64');
  if (bytes.length === 0 || bytes.length % RSA_BLOCK_BYTES !== 0)
    throw badRequest('login.decryptFailed');
  const parts: Buffer[] = [];
  try {
    for (let offset = 0; offset < bytes.length; offset += RSA_BLOCK_BYTES) {
      parts.push(
        privateDecrypt(
          { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          bytes.subarray(offset, offset + RSA_BLOCK_BYTES),
        ),
      );
    }
    return JSON.parse(Buffer.concat(parts).toString('utf8'));
  } catch {
    throw badRequest('login.decryptFailed');
  }
}
