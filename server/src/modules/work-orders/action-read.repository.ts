import type { Db } from '../../context';

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
export async function eventsOf(db: Db, orderId: number, actions: readonly string[]) {
  return db
    .selectFrom('order_events as e')
    .leftJoin('users as u', 'u.id', 'e.actor_id')
    .leftJoin('units as n', 'n.id', 'e.actor_unit_id')
    .select([
      'e.id',
      'e.action',
      'e.actor_id',
      'u.realname',
      'e.actor_unit_id',
      'n.name',
      'e.from_state',
      'e.to_state',
      'e.comment',
      'e.created_at',
    ])
    .where('e.order_id', '=', orderId)
    .where('e.action', 'in', [...actions])
    .orderBy('e.created_at')
    .orderBy('e.id')
    .execute();
}
