import type { AppContext } from '../../../context';
import type { AuthContext } from '../../auth/auth-context';
import { activeLocksOf } from './lock.repository';

/**
 * Assignlock/getMyOrders: the orders the caller holds locked. Taking and releasing a lock are
 * actions (lock, unlock) of the action service, audited like any other.
 */
export async function myLocks(
  ctx: AppContext,
  auth: AuthContext,
  page: { pageNo: number; pageSize: number },
) {
  const { rows, total } = await activeLocksOf(ctx.db, auth.userId, ctx.now(), {
    offset: (page.pageNo - 1) * page.pageSize,
    limit: page.pageSize,
  });
  return {
    list: rows.map((r) => ({
      id: r.id,
      orderNum: r.order_num,
      title: r.title,
      status: r.status,
      lockExpiresAt: r.expires_at.toISOString(),
    })),
    totalCount: total,
    pageNo: page.pageNo,
    pageSize: page.pageSize,
  };
}
