import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { AppError } from '../../http/app-error';
import { configValues } from '../config/config-cache';

/** Error reports one session (or one address, before login) may send per minute. */
export const ERROR_REPORTS_PER_MINUTE = 20;

export interface ErrorReport {
  town: string;
  html_url: string;
  java_url: string;
  code: string | number;
  msg: string;
  sessionId: string | null;
  userId: number | null;
  ip: string;
  userAgent: string;
}

/** Whether client error reports are kept (jsjb `is_error_log`, on unless set to 0). */
export async function errorLogOn(ctx: AppContext): Promise<boolean> {
  return (await configValues(ctx, 'jsjb')).is_error_log !== '0';
}

/**
 * Stores a client error report, at most ERROR_REPORTS_PER_MINUTE per session (or per address
 * before login). Count and insert happen under a transaction-scoped advisory lock on that key,
 * so a burst of parallel reports cannot slip past the limit.
 */
export async function storeErrorReport(ctx: AppContext, report: ErrorReport): Promise<void> {
  // Setting `is_error_log` 0: reports are accepted (the console is not told to retry) and dropped.
  if (!(await errorLogOn(ctx))) return;
  const key = report.sessionId ? `session:${report.sessionId}` : `ip:${report.ip}`;
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`error-report:${key}`}))`.execute(trx);
    let recent = trx
      .selectFrom('error_logs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('created_at', '>', new Date(now.getTime() - 60_000));
    recent = report.sessionId
      ? recent.where('session_id', '=', report.sessionId)
      : recent.where('session_id', 'is', null).where('ip', '=', report.ip);
    const { n } = await recent.executeTakeFirstOrThrow();
    if (Number(n) >= ERROR_REPORTS_PER_MINUTE) throw new AppError(429, 'errorLog.tooMany');
    await trx
      .insertInto('error_logs')
      .values({
        session_id: report.sessionId,
        user_id: report.userId,
        town: report.town,
        html_url: report.html_url,
        java_url: report.java_url,
        code: String(report.code),
        msg: report.msg,
        ip: report.ip,
        user_agent: report.userAgent.slice(0, 500),
        created_at: now,
      })
      .execute();
  });
}
