import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { checkCodeFields } from '@hotline/contract';
import type { AppContext } from '../../context';
import { AppError, badRequest, forbidden, unauthorized } from '../../http/app-error';
import { parseOrThrow } from '../../http/validation';
import * as users from '../users/user.repository';
import { loginRefused, type LoginFailureReason } from './login-audit';
import { loginSwitches } from './login-switches';
import { decryptParam } from './rsa.service';
import { startSession, type ClientInfo, type IssuedToken } from './session.service';
import { sha256 } from './tokens';

export const CODE_TTL_MS = 5 * 60_000;
export const RESEND_INTERVAL_MS = 60_000;
export const MAX_CODE_ATTEMPTS = 5;
/** Codes one number may be sent in any 24 hours (each allows MAX_CODE_ATTEMPTS guesses). */
export const MAX_CODES_PER_DAY = 10;

const codeHash = (mobile: string, code: string) => sha256(`${mobile}:${code}`);

/**
 * Sends a login code. A number that belongs to no active account gets the same answer, the
 * same resend rule and the same daily cap, but no message, so the call cannot be used to
 * discover accounts. One code a minute and MAX_CODES_PER_DAY a day per number; per address the
 * `sms` throttle (RATE_LIMIT_SMS) holds.
 */
export async function sendLoginCode(ctx: AppContext, mobile: string): Promise<void> {
  if (!(await loginSwitches(ctx.db)).sms) throw forbidden('login.methodDisabled');
  const now = ctx.now();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const send = await ctx.db.transaction().execute(async (trx) => {
    // Serialise senders for one number (known or not) so two quick requests cannot both pass
    // the resend rule or the daily cap.
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`sms:${mobile}`}))`.execute(trx);
    const { sent } = await trx
      .selectFrom('sms_codes')
      .select((eb) => eb.fn.countAll<string>().as('sent'))
      .where('mobile', '=', mobile)
      .where('created_at', '>', new Date(now.getTime() - 24 * 3600_000))
      .executeTakeFirstOrThrow();
    if (Number(sent) >= MAX_CODES_PER_DAY)
      throw new AppError(429, 'sms.dailyCap', { max: MAX_CODES_PER_DAY });
    const last = await trx
      .selectFrom('sms_codes')
      .select('created_at')
      .where('mobile', '=', mobile)
      .orderBy('created_at', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    if (last && now.getTime() - last.created_at.getTime() < RESEND_INTERVAL_MS) {
      const seconds = Math.ceil(
        (RESEND_INTERVAL_MS - (now.getTime() - last.created_at.getTime())) / 1000,
      );
      throw new AppError(429, 'sms.tooSoon', { seconds });
    }
    await trx
      .insertInto('sms_codes')
      .values({
        mobile,
        code_hash: codeHash(mobile, code),
        created_at: now,
        expires_at: new Date(now.getTime() + CODE_TTL_MS),
      })
      .execute();
    const user = await users.findByMobile(trx, mobile);
    return user !== undefined && !user.disabled;
  });
  if (send) await ctx.sms.send(mobile, `【12345接诉即办】您的登录验证码为 ${code}，5分钟内有效。`);
}

export interface CheckCodeInput {
  mobile?: string | undefined;
  code?: string | undefined;
  param?: string | undefined;
}

const REFUSAL_REASON = {
  'sms.codeWrong': 'codeWrong',
  'sms.codeExpired': 'codeExpired',
  'sms.codeBurned': 'codeBurned',
} as const satisfies Record<string, LoginFailureReason>;

type CodeOutcome =
  { ok: true } | { ok: false; key: 'sms.codeWrong' | 'sms.codeExpired' | 'sms.codeBurned' };

/** Checks a login code: expires after 5 minutes; five wrong tries burn it. */
export async function loginWithCode(
  ctx: AppContext,
  body: CheckCodeInput,
  client: ClientInfo,
): Promise<IssuedToken> {
  const switches = await loginSwitches(ctx.db);
  if (!switches.sms) {
    const name = body.param ? '' : (body.mobile ?? '');
    throw await loginRefused(
      ctx,
      client,
      { method: 'sms', name, userId: null },
      'methodDisabled',
      forbidden('login.methodDisabled'),
    );
  }
  const plain = body.param ? await decryptParam(ctx.db, body.param) : body;
  const { mobile, code } = parseOrThrow(checkCodeFields, plain);
  const user = await users.findByMobile(ctx.db, mobile);
  const attempt = { method: 'sms', name: mobile, userId: user?.id ?? null } as const;
  const now = ctx.now();
  const outcome = await ctx.db.transaction().execute(async (trx): Promise<CodeOutcome> => {
    const row = await trx
      .selectFrom('sms_codes')
      .selectAll()
      .where('mobile', '=', mobile)
      .orderBy('created_at', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    if (!row || row.used_at || row.expires_at <= now) return { ok: false, key: 'sms.codeExpired' };
    if (row.burned_at) return { ok: false, key: 'sms.codeBurned' };
    if (row.code_hash !== codeHash(mobile, code)) {
      const attempts = row.attempts + 1;
      const burned = attempts >= MAX_CODE_ATTEMPTS;
      await trx
        .updateTable('sms_codes')
        .set({ attempts, burned_at: burned ? now : null })
        .where('id', '=', row.id)
        .execute();
      return { ok: false, key: burned ? 'sms.codeBurned' : 'sms.codeWrong' };
    }
    await trx.updateTable('sms_codes').set({ used_at: now }).where('id', '=', row.id).execute();
    return { ok: true };
  });
  if (!outcome.ok) {
    const reason = REFUSAL_REASON[outcome.key];
    throw await loginRefused(ctx, client, attempt, reason, badRequest(outcome.key));
  }
  if (!user || user.disabled) {
    const reason = user ? 'disabled' : 'wrongCredentials';
    throw await loginRefused(ctx, client, attempt, reason, unauthorized('login.wrongCredentials'));
  }
  return startSession(ctx, user, 'sms', client);
}
