import { sql } from 'kysely';
import type { CallState, HangupParty } from '@hotline/domain';
import type { CallDb, TelephonyCallRow } from './call.tables';

/** SQL of the telephony's call log (telephony_calls). */

export type CallView = TelephonyCallRow & { order_num: string };

const base = (db: CallDb) =>
  db
    .selectFrom('telephony_calls as c')
    .innerJoin('work_orders as w', 'w.id', 'c.order_id')
    .selectAll('c')
    .select('w.order_num');

export async function callById(db: CallDb, id: string): Promise<CallView | undefined> {
  return base(db).where('c.id', '=', id).executeTakeFirst();
}

export async function liveCallOf(db: CallDb, userId: number): Promise<CallView | undefined> {
  return base(db)
    .where('c.user_id', '=', userId)
    .where('c.state', '<>', 'ended')
    .executeTakeFirst();
}

export async function callsOf(
  db: CallDb,
  userId: number,
  page: { offset: number; limit: number; id?: string | undefined },
): Promise<{ rows: CallView[]; total: number }> {
  let query = base(db).where('c.user_id', '=', userId);
  if (page.id) query = query.where('c.id', '=', page.id);
  const [rows, count] = await Promise.all([
    query.orderBy('c.dialed_at', 'desc').offset(page.offset).limit(page.limit).execute(),
    db
      .selectFrom('telephony_calls')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .$if(page.id !== undefined, (q) => q.where('id', '=', page.id ?? ''))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function insertCall(
  trx: CallDb,
  row: {
    id: string;
    userId: number;
    seatNo: number;
    orderId: number;
    phone: string;
    at: Date;
  },
): Promise<void> {
  await trx
    .insertInto('telephony_calls')
    .values({
      id: row.id,
      user_id: row.userId,
      seat_no: row.seatNo,
      order_id: row.orderId,
      phone: row.phone,
      state: 'dialing',
      dialed_at: row.at,
    })
    .execute();
}

/**
 * Moves a call to `to` only from one of `from` (a late simulator timer after a hang-up
 * changes nothing). Returns whether the row moved.
 */
export async function moveCall(
  db: CallDb,
  id: string,
  from: readonly CallState[],
  to: CallState,
  fields: {
    answeredAt?: Date;
    endedAt?: Date;
    hangupBy?: HangupParty;
    reason?: string;
    recordingPath?: string | null;
  } = {},
): Promise<boolean> {
  const result = await db
    .updateTable('telephony_calls')
    .set({
      state: to,
      ...(fields.answeredAt ? { answered_at: fields.answeredAt } : {}),
      ...(fields.endedAt ? { ended_at: fields.endedAt } : {}),
      ...(fields.hangupBy ? { hangup_by: fields.hangupBy } : {}),
      ...(fields.reason !== undefined ? { hangup_reason: fields.reason } : {}),
      ...(fields.recordingPath !== undefined ? { recording_path: fields.recordingPath } : {}),
    })
    .where('id', '=', id)
    .where('state', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Calls still live on a seat whose agent has no live session any more (ended on release). */
export async function liveCallIdsOnSeat(db: CallDb, seatNo: number): Promise<string[]> {
  const rows = await sql<{ id: string }>`
    SELECT id FROM telephony_calls WHERE seat_no = ${seatNo} AND state <> 'ended'`.execute(db);
  return rows.rows.map((r) => r.id);
}
