import { deadlinePlan, type PlannedJob, type ReminderSettings } from '@hotline/domain';
import type { Db } from '../../context';
import { planOrders, syncJobs, type PlanOrderRow } from './deadline-jobs.repository';
import { loadReminderSettings } from './deadline-settings';

/** The plan of one order row: limits are counted from when they were set. */
export function planOf(o: PlanOrderRow, settings: ReminderSettings): PlannedJob[] {
  return deadlinePlan(
    {
      status: o.status,
      mainOrgStatus: o.main_org_status,
      mergedIntoId: o.merged_into_id,
      refuseDeadline: o.refuse_deadline,
      deadline: o.deadline,
      dispatchTime: o.dispatch_time,
    },
    settings,
    o.dispatch_time ?? o.created_at,
  );
}

/**
 * Brings an order's due jobs in line with its state, in the caller's transaction (after the
 * order row is written): every action and intake call it, so a deadline set, moved or cleared
 * and its jobs commit together.
 */
export async function syncDeadlineJobs(trx: Db, orderId: number): Promise<void> {
  const [order] = await planOrders(trx, [orderId]);
  if (!order) return;
  await syncJobs(trx, orderId, planOf(order, await loadReminderSettings(trx)));
}
