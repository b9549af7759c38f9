import { sql } from 'kysely';
import { SEAT_COUNT, isDistrictReader, type CallState, type ClockType } from '@hotline/domain';
import type { AppContext } from '../../context';
import { forbidden } from '../../http/app-error';
import type { AuthContext } from '../auth/auth-context';
import { actorFrom } from '../work-orders/actor';
import { callDb } from './call.tables';

/**
 * common/interface — the agent monitor: who is on duty (by clock type), who holds which seat
 * (logged-in agents only) and who is on a call right now. District readers, the district's
 * leaders and administrators may look; a street's leader may not.
 */

interface AgentRow {
  id: number;
  username: string;
  realname: string;
  unit_name: string;
  seat_no: number | null;
  seat_since: Date | null;
  call_state: string | null;
  call_since: Date | null;
  duty: { clockType: number; onDuty: boolean; since: string }[] | null;
}

export async function agentMonitor(ctx: AppContext, auth: AuthContext) {
  if (!isDistrictReader(actorFrom(auth))) {
    throw forbidden('monitor.notAllowed');
  }
  const now = ctx.now();
  const db = callDb(ctx.db);
  const live = sql`EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = u.id
                             AND s.revoked_at IS NULL AND s.expires_at > ${now})`;
  const { rows } = await sql<AgentRow>`
    SELECT u.id, u.username, u.realname, un.name AS unit_name,
           CASE WHEN ${live} THEN cs.seat_no END AS seat_no,
           CASE WHEN ${live} THEN cs.taken_at END AS seat_since,
           tc.state AS call_state, coalesce(tc.answered_at, tc.dialed_at) AS call_since,
           (SELECT json_agg(json_build_object('clockType', d.clock_type, 'onDuty', d.on_duty,
                                              'since', d.since) ORDER BY d.clock_type)
              FROM duty_status d WHERE d.user_id = u.id) AS duty
      FROM users u
      JOIN units un ON un.id = u.unit_id
      LEFT JOIN call_seats cs ON cs.user_id = u.id
      LEFT JOIN telephony_calls tc ON tc.user_id = u.id AND tc.state <> 'ended'
     WHERE EXISTS (SELECT 1 FROM duty_status d WHERE d.user_id = u.id AND d.on_duty)
        OR (cs.seat_no IS NOT NULL AND ${live})
     ORDER BY cs.seat_no NULLS LAST, u.username`.execute(db);
  const list = rows.map((r) => ({
    uid: r.id,
    username: r.username,
    realname: r.realname,
    unitName: r.unit_name,
    duty: (r.duty ?? []).map((d) => ({
      clockType: d.clockType as ClockType,
      onDuty: d.onDuty,
      since: new Date(d.since).toISOString(),
    })),
    seatNo: r.seat_no,
    seatSince: r.seat_since ? new Date(r.seat_since).toISOString() : null,
    call:
      r.call_state && r.call_since
        ? { state: r.call_state as CallState, since: new Date(r.call_since).toISOString() }
        : null,
  }));
  return {
    list,
    seatsFree: SEAT_COUNT - list.filter((a) => a.seatNo !== null).length,
    seatsTotal: SEAT_COUNT,
  };
}
