import { clockTypesOf, type ClockType } from '@hotline/domain';
import type { AppContext } from '../../context';
import { forbidden } from '../../http/app-error';
import type { AuthContext } from '../auth/auth-context';
import { callDb } from './call.tables';

/**
 * huifang/huifangClock: call-back staff (type 1) and dispatchers (type 2) clock on and off
 * duty. The state is one row per user and type; every clocking is also an audit row (who,
 * which session, from where, when) in the same transaction.
 */

export interface ClockInput {
  uid: number;
  userName: string;
  clockStatus: 0 | 1;
  clockType: ClockType;
}

export interface DutyView {
  clockType: ClockType;
  onDuty: boolean;
  since: string | null;
}

export async function clock(
  ctx: AppContext,
  auth: AuthContext,
  input: ClockInput,
  ip: string,
): Promise<{ duty: DutyView; changed: boolean }> {
  if (input.uid !== auth.userId) throw forbidden('clock.notYou');
  if (!clockTypesOf({ admin: auth.acl.admin, rules: auth.rules }).includes(input.clockType)) {
    throw forbidden('clock.typeNotAllowed');
  }
  const now = ctx.now();
  const onDuty = input.clockStatus === 1;
  return callDb(ctx.db)
    .transaction()
    .execute(async (trx) => {
      const before = await trx
        .selectFrom('duty_status')
        .select(['on_duty', 'since'])
        .where('user_id', '=', auth.userId)
        .where('clock_type', '=', input.clockType)
        .forUpdate()
        .executeTakeFirst();
      const changed = (before?.on_duty ?? false) !== onDuty;
      const since = changed || !before ? now : before.since;
      await trx
        .insertInto('duty_status')
        .values({ user_id: auth.userId, clock_type: input.clockType, on_duty: onDuty, since })
        .onConflict((oc) =>
          oc.columns(['user_id', 'clock_type']).doUpdateSet({ on_duty: onDuty, since }),
        )
        .execute();
      await trx
        .insertInto('duty_clock_events')
        .values({
          user_id: auth.userId,
          clock_type: input.clockType,
          clock_status: input.clockStatus,
          session_id: auth.sessionId,
          ip,
          at: now,
        })
        .execute();
      return {
        duty: { clockType: input.clockType, onDuty, since: since.toISOString() },
        changed,
      };
    });
}

/** The caller's duty state for each type they may clock. */
export async function clockState(ctx: AppContext, auth: AuthContext): Promise<DutyView[]> {
  const types = clockTypesOf({ admin: auth.acl.admin, rules: auth.rules });
  if (types.length === 0) return [];
  const rows = await callDb(ctx.db)
    .selectFrom('duty_status')
    .select(['clock_type', 'on_duty', 'since'])
    .where('user_id', '=', auth.userId)
    .execute();
  return types.map((type) => {
    const row = rows.find((r) => r.clock_type === type);
    return {
      clockType: type,
      onDuty: row?.on_duty ?? false,
      since: row ? row.since.toISOString() : null,
    };
  });
}
