import type { Db } from '../../../context';
import { eventsQuery } from '../detail/detail.repository';

/** SQL of the read-only companions of the actions (action-queries.ts). */

export async function assignmentsOf(db: Db, orderId: number) {
  return db
    .selectFrom('order_assignments as a')
    .innerJoin('units as u', 'u.id', 'a.unit_id')
    .select([
      'a.unit_id',
      'u.name',
      'u.kind',
      'a.role',
      'a.status',
      'a.active',
      'a.assigned_at',
      'a.signed_at',
      'a.replied_at',
    ])
    .where('a.order_id', '=', orderId)
    .orderBy('a.assigned_at')
    .orderBy('a.id')
    .execute();
}

/** Events of some actions, oldest first, with the actor's and the unit's names. */
export function eventsOf(db: Db, orderId: number, actions: readonly string[]) {
  return eventsQuery(db, orderId)
    .where('e.action', 'in', [...actions])
    .execute();
}
