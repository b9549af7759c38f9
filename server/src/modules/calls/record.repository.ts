import type { Insertable } from 'kysely';
import type { CallDb, CallRecordRow, CallRecordsTable } from './call.tables';

/** SQL of the call records (call_records). */

export async function insertRecord(
  db: CallDb,
  row: Insertable<CallRecordsTable>,
): Promise<CallRecordRow> {
  return db.insertInto('call_records').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function recordByCall(db: CallDb, callOutId: string) {
  return db
    .selectFrom('call_records')
    .selectAll()
    .where('call_out_id', '=', callOutId)
    .executeTakeFirst();
}

export async function saveResult(
  db: CallDb,
  callOutId: string,
  userId: number,
  result: string,
  at: Date,
): Promise<CallRecordRow | undefined> {
  return db
    .updateTable('call_records')
    .set({ result, result_at: at })
    .where('call_out_id', '=', callOutId)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

export async function recordsOf(
  db: CallDb,
  filter: { orderNum?: string; userId?: number; offset: number; limit: number },
): Promise<{ rows: CallRecordRow[]; total: number }> {
  let query = db.selectFrom('call_records');
  if (filter.orderNum !== undefined) query = query.where('order_num', '=', filter.orderNum);
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('call_time', 'desc')
      .orderBy('id', 'desc')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The records of one order for its detail view (newest first, at most 50). */
export async function recordsOfOrder(db: CallDb, orderId: number): Promise<CallRecordRow[]> {
  return db
    .selectFrom('call_records')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('call_time', 'desc')
    .limit(50)
    .execute();
}
