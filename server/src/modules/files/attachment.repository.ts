import type { Insertable, Selectable } from 'kysely';
import type { StateCodes } from '@hotline/domain';
import type { Db } from '../../context';
import type { OrderAttachmentsTable } from '../../db/schema';

/** SQL of attachments (order_attachments) and their 'attach' events. */

export type AttachmentRow = Selectable<OrderAttachmentsTable>;

export async function insertAttachment(
  trx: Db,
  values: Insertable<OrderAttachmentsTable>,
): Promise<AttachmentRow> {
  return trx
    .insertInto('order_attachments')
    .values(values)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findAttachment(db: Db, id: number): Promise<AttachmentRow | undefined> {
  return db.selectFrom('order_attachments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Locked, so two attaches of one file cannot both see it unattached. */
export async function lockAttachments(trx: Db, ids: readonly number[]): Promise<AttachmentRow[]> {
  return trx
    .selectFrom('order_attachments')
    .selectAll()
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function setAttachmentOrder(
  trx: Db,
  ids: readonly number[],
  orderId: number,
  eventId: number,
): Promise<AttachmentRow[]> {
  return trx
    .updateTable('order_attachments')
    .set({ order_id: orderId, event_id: eventId })
    .where('id', 'in', ids)
    .returningAll()
    .execute();
}

/** One 'attach' event: the state does not change, the comment lists the file names. */
export async function insertAttachEvent(
  trx: Db,
  event: {
    orderId: number;
    actorId: number;
    actorUnitId: number;
    codes: StateCodes;
    comment: string;
    at: Date;
  },
): Promise<number> {
  const state = JSON.stringify(event.codes);
  const row = await trx
    .insertInto('order_events')
    .values({
      order_id: event.orderId,
      action: 'attach',
      actor_id: event.actorId,
      actor_unit_id: event.actorUnitId,
      from_state: state,
      to_state: state,
      comment: event.comment,
      created_at: event.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
