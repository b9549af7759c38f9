import { sql } from 'kysely';
import type { Db } from '../../context';
import { signLimitHolder } from '@hotline/domain';
import {
  escalateOrder,
  PLAN_ORDER_COLUMNS,
  recordEscalation,
  type PlanOrderRow,
} from './deadline-jobs.repository';
import { loadReminderSettings } from './deadline-settings';
import { planOf } from './deadline-sync';
import { comment, toPlan, writeEvent } from './deadline-sweep';

/**
 * Orders that were open before their jobs existed — a district upgrading past migration 024,
 * or orders loaded in bulk (the benchmark's COPY) — have no due jobs: nobody would be reminded
 * and nothing would escalate. Every node plans them when its scheduler starts, in bounded
 * batches of one transaction each. Idempotent: it only reads watched orders that have no job
 * at all, inserts with ON CONFLICT DO NOTHING (two nodes starting together insert each job
 * once), and the sweep re-checks every job against the order's plan when it fires.
 *
 * Jobs whose time has already passed are recorded as done without a notice, so a later
 * action's sync does not plan them again: a 24-hours reminder for an order 2 hours from its
 * limit would tell a lie, and escalations of everything already late would bury the
 * dispatchers and leaders under a notice per order at once (the demo's 2,000 orders: 139). An
 * order already past a limit is marked escalated to the highest level it has reached — visible
 * and filterable like any escalation, counted on the board at the time the limit was missed,
 * with an event on its timeline — and the overdue-warning queue already lists it; later jobs
 * fire as usual.
 */

export interface BackfillResult {
  orders: number;
  jobs: number;
  /** Jobs already past, recorded as done without a notice. */
  skipped: number;
  /** Orders marked escalated because a limit had already passed. */
  escalated: number;
}

/**
 * Watched orders, mirrored from `signLimitHolder` / `handlingLimitOpen` of the domain
 * (packages/domain/src/deadline-plan.ts): not merged, and either waiting for a sign with a
 * sign limit (status 0, or status 1 with the host unit not signed) or being handled by the
 * host (status 1, host status 0 or 1) with a deadline — exactly the orders whose plan is not
 * empty, so an order once planned is never read again. Test: deadline-backfill.test.ts checks
 * the selection against the domain's plan.
 */
export const WATCHED_SQL = sql<boolean>`(work_orders.merged_into_id IS NULL AND (
  (work_orders.status = 0 AND work_orders.refuse_deadline IS NOT NULL)
  OR (work_orders.status = 1 AND work_orders.main_org_status = 0
      AND work_orders.refuse_deadline IS NOT NULL)
  OR (work_orders.status = 1 AND work_orders.main_org_status IN (0, 1)
      AND work_orders.deadline IS NOT NULL)))`;

function unplannedPage(db: Db, afterId: number, limit: number): Promise<PlanOrderRow[]> {
  return (
    db
      .selectFrom('work_orders')
      .select(PLAN_ORDER_COLUMNS)
      .where(WATCHED_SQL)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('deadline_jobs')
              .select('deadline_jobs.id')
              .whereRef('deadline_jobs.order_id', '=', 'work_orders.id'),
          ),
        ),
      )
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      // Another node planning the same orders, or an action syncing one: skip it, they plan it.
      .forUpdate()
      .skipLocked()
      .execute() as Promise<PlanOrderRow[]>
  );
}

export async function backfillDeadlineJobs(
  db: Db,
  now: Date,
  batch = 500,
): Promise<BackfillResult> {
  const result: BackfillResult = { orders: 0, jobs: 0, skipped: 0, escalated: 0 };
  const settings = await loadReminderSettings(db);
  let afterId = 0;
  for (;;) {
    const page = await db.transaction().execute(async (trx) => {
      const orders = await unplannedPage(trx, afterId, batch);
      const rows = [];
      for (const o of orders) {
        const plan = planOf(o, settings);
        const past = plan.filter((job) => job.dueAt.getTime() <= now.getTime());
        result.skipped += past.length;
        for (const job of plan) {
          rows.push({
            order_id: o.id,
            kind: job.kind,
            offset_key: job.offsetKey,
            due_at: job.dueAt,
            done_at: past.includes(job) ? now : null,
          });
        }
        const missed = past
          .filter((job) => job.kind === 'escalation')
          .sort((a, b) => a.level - b.level);
        const reached = missed[missed.length - 1];
        if (reached) {
          // Dated when the limit was missed, as the board counts escalations by period.
          await escalateOrder(trx, o.id, reached.level, missed[0]!.dueAt);
          for (const job of missed) {
            const district = job.limit === 'sign' && signLimitHolder(toPlan(o)) === 'district';
            await recordEscalation(trx, {
              orderId: o.id,
              level: job.level,
              limit: job.limit,
              unitId: district ? null : o.host_unit_id,
              at: job.dueAt,
            });
          }
          await writeEvent(trx, o, reached, `${comment(reached, 0)}（启用时限提醒时已超时）`, now);
          result.escalated++;
        }
      }
      for (let i = 0; i < rows.length; i += 1000) {
        await trx
          .insertInto('deadline_jobs')
          .values(rows.slice(i, i + 1000))
          .onConflict((oc) => oc.columns(['order_id', 'kind', 'offset_key']).doNothing())
          .execute();
      }
      result.jobs += rows.length;
      return orders;
    });
    result.orders += page.length;
    if (page.length < batch) break;
    afterId = page[page.length - 1]!.id;
  }
  return result;
}
