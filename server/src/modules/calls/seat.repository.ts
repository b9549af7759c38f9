import { sql } from 'kysely';
import type { SeatHolding } from '@hotline/domain';
import type { CallDb } from './call.tables';

/** SQL of the 12 seats. A seat held by an agent without a live session counts as free. */

const holderLive = (now: Date) =>
  sql<boolean>`EXISTS (SELECT 1 FROM sessions s
                        WHERE s.user_id = call_seats.user_id
                          AND s.revoked_at IS NULL AND s.expires_at > ${now})`;

export async function seatHoldings(db: CallDb, now: Date): Promise<SeatHolding[]> {
  const rows = await db
    .selectFrom('call_seats')
    .select(['seat_no', 'user_id', holderLive(now).as('live')])
    .orderBy('seat_no')
    .execute();
  return rows.map((r) => ({ seatNo: r.seat_no, holderId: r.user_id, holderLoggedIn: r.live }));
}

/** The seat this agent holds while logged in, if any. */
export async function seatOf(db: CallDb, userId: number): Promise<number | null> {
  const row = await db
    .selectFrom('call_seats')
    .select('seat_no')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.seat_no ?? null;
}

/**
 * Takes the seat when it is free (or held by a logged-out agent). Atomic: of two agents
 * asking at once, the second UPDATE waits for the first's row lock, re-checks the condition
 * and matches nothing. Returns false when the seat is someone else's.
 */
export async function takeSeat(
  trx: CallDb,
  seatNo: number,
  userId: number,
  now: Date,
): Promise<boolean> {
  const row = await trx
    .updateTable('call_seats')
    .set({ user_id: userId, taken_at: now })
    .where('seat_no', '=', seatNo)
    .where((eb) =>
      eb.or([eb('user_id', 'is', null), eb('user_id', '=', userId), eb.not(holderLive(now))]),
    )
    .returning('seat_no')
    .executeTakeFirst();
  return row !== undefined;
}

/** Releases the agent's seats other than `keep`; returns the seats released. */
export async function releaseSeatsOf(
  trx: CallDb,
  userId: number,
  keep: number | null = null,
): Promise<number[]> {
  let query = trx
    .updateTable('call_seats')
    .set({ user_id: null, taken_at: null })
    .where('user_id', '=', userId);
  if (keep !== null) query = query.where('seat_no', '<>', keep);
  const rows = await query.returning('seat_no').execute();
  return rows.map((r) => r.seat_no);
}
