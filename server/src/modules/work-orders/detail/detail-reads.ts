import { sql } from 'kysely';
import type { OrderSummary } from '@hotline/contract';
import type { AppContext, Db } from '../../../context';
import { notFound } from '../../../http/app-error';
import type { AuthContext } from '../../auth/auth-context';
import { actorFrom } from '../actor';
import { hydrateOrders } from '../reads/list.repository';
import { presentOrder } from '../order.presenter';
import { deadlineView } from '../../deadlines/deadline-view';
import { readableOrder } from '../order-access';
import { readableIds } from '../reads/readable-ids';
import { intakeScope, rowScope } from '../reads/scope-sql';
import { similarOrders } from './similar.repository';

/** Small reads around one order: its summary, similar orders, the attribute vocabularies. */

/** The order's summary when the caller may read it; else 404 like a missing order. */
export async function readableSummary(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
): Promise<OrderSummary> {
  await readableOrder(ctx.db, auth, id);
  const now = ctx.now();
  const [[order], deadlines] = await Promise.all([
    hydrateOrders(ctx.db, [id], now),
    deadlineView(ctx, now),
  ]);
  if (!order) throw notFound('order.notFound');
  return presentOrder(order.row, order.extras, auth, deadlines);
}

/**
 * similarOrder: by a given title (and content), or by an order's own; never the order itself.
 * By a typed title (intake) over what intake looks through (`intakeScope`); by an order over
 * the caller's row scope. Each marked whether the caller may open it.
 */
export async function similarTo(
  ctx: AppContext,
  auth: AuthContext,
  body: { id?: number | undefined; title?: string | undefined; content?: string | undefined },
) {
  let title = body.title;
  let content = body.content;
  if (body.id !== undefined) {
    const own = await readableSummary(ctx, auth, body.id);
    title ??= own.title;
    content ??= own.majorContent;
  }
  if (title === undefined) return [];
  const actor = actorFrom(auth);
  const scope = rowScope(actor);
  const shown = body.id === undefined ? intakeScope(actor, scope) : scope;
  const rows = await similarOrders(ctx.db, shown, {
    title,
    content,
    ...(body.id !== undefined ? { excludeId: body.id } : {}),
    limit: 10,
    now: ctx.now(),
  });
  const opens = await readableIds(
    ctx.db,
    scope,
    shown,
    rows.map((s) => s.id),
  );
  return rows.map((s) => ({
    id: s.id,
    orderNum: s.order_num,
    title: s.title,
    status: s.status,
    callTime: s.call_time.toISOString(),
    similarity: Math.round(s.score * 1000) / 1000,
    readable: opens.has(s.id),
  }));
}

const RECENT_MS = 180 * 24 * 3_600_000;

/**
 * Labels and seven-five categories in use on orders of the last 180 days (at most 200 of
 * each, most used first) — recent orders only, so the call never reads all of history.
 */
export async function usedAttributes(db: Db, now: Date) {
  const since = new Date(now.getTime() - RECENT_MS);
  const [labels, sevenFive] = await Promise.all([
    sql<{ v: string }>`
      SELECT l AS v FROM work_orders, unnest(labels) AS l
       WHERE call_time >= ${since}
       GROUP BY l ORDER BY count(*) DESC, l LIMIT 200`.execute(db),
    sql<{ v: string }>`
      SELECT seven_five_category AS v FROM work_orders
       WHERE call_time >= ${since} AND seven_five_category IS NOT NULL
       GROUP BY seven_five_category ORDER BY count(*) DESC, seven_five_category LIMIT 200`.execute(
      db,
    ),
  ]);
  return {
    labels: labels.rows.map((r) => r.v),
    sevenFiveCategories: sevenFive.rows.map((r) => r.v),
  };
}
