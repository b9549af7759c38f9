import type { ListBody, OrderSummary, PendingRequestView } from '@hotline/contract';
import type { RequestKind } from '@hotline/domain';
import type { AppContext } from '../../../context';
import type { Db } from '../../../context';
import type { AuthContext } from '../../auth/auth-context';
import { readerFor } from './list-access';
import { listWhere, pageOf, type ListPage } from './list.service';
import { presentOrder } from '../order.presenter';
import type { OrdersWhere } from './queue-sql';

/**
 * The reviewer's approval lists: orders with a pending extension or exclusion request
 * (Approve/showList) and the pending extension requests themselves
 * (Approve/approvalExtraQuery). Same scope, filters and paging as every list.
 */

export type ApprovalBody = ListBody & { kind?: RequestKind[] | undefined };
export type ApprovalItem = OrderSummary & { request: PendingRequestView };

const pendingWhere =
  (kinds: readonly RequestKind[]): OrdersWhere =>
  (eb) =>
    eb.exists(
      eb
        .selectFrom('order_requests as r')
        .select('r.id')
        .whereRef('r.order_id', '=', 'work_orders.id')
        .where('r.status', '=', 1)
        .where('r.kind', 'in', [...kinds]),
    );

async function pendingRequests(db: Db, orderIds: readonly number[]) {
  if (orderIds.length === 0) return new Map<number, PendingRequestView>();
  const rows = await db
    .selectFrom('order_requests as r')
    .innerJoin('users as u', 'u.id', 'r.requested_by')
    .leftJoin('units as n', 'n.id', 'r.requested_unit_id')
    .select([
      'r.id',
      'r.order_id',
      'r.kind',
      'r.hours',
      'r.tichu_type',
      'r.reason',
      'r.requested_by',
      'u.realname',
      'r.requested_unit_id',
      'n.name as unit_name',
      'r.created_at',
    ])
    .where('r.order_id', 'in', [...orderIds])
    .where('r.status', '=', 1)
    .execute();
  return new Map(
    rows.map((r): [number, PendingRequestView] => [
      r.order_id,
      {
        id: r.id,
        kind: r.kind,
        hours: r.hours,
        tichuType: r.tichu_type,
        reason: r.reason,
        requestedBy: r.requested_by,
        requesterName: r.realname,
        requestedUnitId: r.requested_unit_id,
        requestedUnitName: r.unit_name,
        createdAt: r.created_at.toISOString(),
      },
    ]),
  );
}

/** Approve/showList: orders in scope with a pending request of the given kinds. */
export async function approvalList(
  ctx: AppContext,
  auth: AuthContext,
  body: ApprovalBody,
): Promise<ListPage<ApprovalItem>> {
  const reader = await readerFor(ctx, auth);
  const kinds = body.kind ?? ['extension', 'exclusion'];
  // pending requests are work to decide, whatever the order's source
  const where = [...(await listWhere(ctx, reader, body, 'work')), pendingWhere(kinds)];
  const page = await pageOf(ctx, reader, body, where);
  const requests = await pendingRequests(
    ctx.db,
    page.list.map((o) => o.row.id),
  );
  return {
    ...page,
    // A request decided between the two reads drops out rather than showing stale.
    list: page.list.flatMap((o) => {
      const request = requests.get(o.row.id);
      return request ? [{ ...presentOrder(o.row, o.extras, auth, reader.deadlines), request }] : [];
    }),
    pageNo: body.pageNo,
    pageSize: body.pageSize,
  };
}

/** Approve/approvalExtraQuery: the pending extension requests, with their order. */
export async function extensionRequests(ctx: AppContext, auth: AuthContext, body: ListBody) {
  const page = await approvalList(ctx, auth, { ...body, kind: ['extension'] });
  return {
    ...page,
    list: page.list.map((o) => ({
      ...o.request,
      orderId: o.id,
      orderNum: o.orderNum,
      title: o.title,
      deadline: o.deadline,
      organizerName: o.organizerName,
    })),
  };
}
