import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../context';

/**
 * Report tokens: short-lived, signed (HMAC-SHA256) statements "user U may fetch template T
 * until E", so a report tool or a new print window can fetch a template without the bearer
 * token. The secret lives in server_keys, shared by every node; created on first use.
 */

const SECRET_NAME = 'report_token_secret';
export const REPORT_TOKEN_TTL_MS = 5 * 60_000;

let cached: Buffer | undefined;

async function secret(db: Db): Promise<Buffer> {
  if (cached) return cached;
  const row = await db
    .selectFrom('server_keys')
    .select('value')
    .where('name', '=', SECRET_NAME)
    .executeTakeFirst();
  if (row) {
    cached = Buffer.from(row.value, 'hex');
    return cached;
  }
  await db
    .insertInto('server_keys')
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('hex') })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return secret(db);
}

export interface ReportClaims {
  userId: number;
  template: string | null;
  expiresAt: number;
}

const sign = (key: Buffer, payload: string) =>
  createHmac('sha256', key).update(payload).digest('base64url');

export async function issueReportToken(db: Db, claims: ReportClaims): Promise<string> {
  const payload = Buffer.from(
    JSON.stringify([claims.userId, claims.template, claims.expiresAt]),
  ).toString('base64url');
  return `${payload}.${sign(await secret(db), payload)}`;
}

/** The claims of a valid, unexpired token; null for anything else. */
export async function verifyReportToken(
  db: Db,
  token: string,
  now: Date,
): Promise<ReportClaims | null> {
  const [payload, sig] = token.split('.');
  if (!payload || !sig) return null;
  const expected = Buffer.from(sign(await secret(db), payload));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const [userId, template, expiresAt] = JSON.parse(
      Buffer.from(payload, 'base64url').toString(),
    ) as [number, string | null, number];
    if (typeof expiresAt !== 'number' || expiresAt <= now.getTime()) return null;
    return { userId, template, expiresAt };
  } catch {
    return null;
  }
}
