import type { OrderDetail } from '@hotline/contract';
import type { Db } from '../../../context';
import { downloadUrl } from '../../files/file.presenter';
import { scopeWhere, type RowScope } from '../reads/scope-sql';

/** The parts of an order's detail besides the order itself: trail, files, requests, visits. */

type Codes = OrderDetail['timeline'][number]['from'];

function codesOf(value: unknown): Codes {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (typeof v.status !== 'number') return null;
  return {
    status: v.status,
    mainOrgStatus: typeof v.mainOrgStatus === 'number' ? v.mainOrgStatus : -1,
    huifangState: typeof v.huifangState === 'number' ? v.huifangState : 0,
    ...(typeof v.needReviewStatus === 'number' || v.needReviewStatus === null
      ? { needReviewStatus: v.needReviewStatus }
      : {}),
  };
}

/** Events of one order, oldest first, with the actor's and the unit's names. */
export function eventsQuery(db: Db, orderId: number) {
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
    .orderBy('e.created_at')
    .orderBy('e.id');
}

/** The audit trail, oldest first, with who and which unit. */
export async function timeline(db: Db, orderId: number): Promise<OrderDetail['timeline']> {
  const rows = await eventsQuery(db, orderId).execute();
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    actorId: r.actor_id,
    actorName: r.realname,
    unitId: r.actor_unit_id,
    unitName: r.name,
    from: codesOf(r.from_state),
    to: codesOf(r.to_state),
    comment: r.comment,
    time: r.created_at.toISOString(),
  }));
}

/** Files of the order; district-only files (fileAuthType 2) for district users only. */
export async function attachments(
  db: Db,
  orderId: number,
  districtUser: boolean,
): Promise<OrderDetail['attachments']> {
  let q = db
    .selectFrom('order_attachments')
    .select(['id', 'file_name', 'mime_type', 'size_bytes', 'file_auth_type', 'createtime'])
    .where('order_id', '=', orderId);
  if (!districtUser) q = q.where('file_auth_type', '=', 1);
  const rows = await q.orderBy('createtime').orderBy('id').execute();
  return rows.map((r) => ({
    id: r.id,
    fileName: r.file_name,
    mimeType: r.mime_type,
    sizeBytes: r.size_bytes,
    fileAuthType: r.file_auth_type,
    createtime: r.createtime.toISOString(),
    url: downloadUrl(r.id),
  }));
}

export async function requests(db: Db, orderId: number): Promise<OrderDetail['requests']> {
  const rows = await db
    .selectFrom('order_requests as r')
    .innerJoin('users as u', 'u.id', 'r.requested_by')
    .selectAll('r')
    .select('u.realname')
    .where('r.order_id', '=', orderId)
    .orderBy('r.created_at')
    .orderBy('r.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    status: r.status,
    hours: r.hours,
    tichuType: r.tichu_type,
    reason: r.reason,
    requestedBy: r.requested_by,
    requesterName: r.realname,
    decidedBy: r.decided_by,
    decisionComment: r.decision_comment,
    createdAt: r.created_at.toISOString(),
    decidedAt: r.decided_at ? r.decided_at.toISOString() : null,
  }));
}

export async function visits(db: Db, orderId: number): Promise<OrderDetail['visits']> {
  const rows = await db
    .selectFrom('order_visits as v')
    .leftJoin('users as u', 'u.id', 'v.visitor_id')
    .selectAll('v')
    .select('u.realname')
    .where('v.order_id', '=', orderId)
    .orderBy('v.attempt')
    .orderBy('v.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    attempt: r.attempt,
    reached: r.reached,
    hostContacted: r.host_contacted,
    resolved: r.resolved,
    satisfaction: r.satisfaction,
    remark: r.remark,
    visitorId: r.visitor_id,
    visitorName: r.realname,
    createdAt: r.created_at.toISOString(),
  }));
}

/** Orders merged into this one that the caller may read (row scope applies to them too). */
export async function mergedIn(
  db: Db,
  orderId: number,
  scope: RowScope,
): Promise<OrderDetail['merges']> {
  const rows = await db
    .selectFrom('work_orders')
    .innerJoin('order_merges as m', 'm.order_id', 'work_orders.id')
    .select([
      'work_orders.id',
      'work_orders.order_num',
      'work_orders.title',
      'm.reason',
      'm.created_at',
    ])
    .where('m.into_order_id', '=', orderId)
    .where(scopeWhere(scope))
    .orderBy('m.created_at')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    orderNum: r.order_num,
    title: r.title,
    reason: r.reason,
    mergedAt: r.created_at.toISOString(),
  }));
}
