import type { OrderSummary } from '@hotline/contract';
import { nextDeadline, type ReminderSettings } from '@hotline/domain';
import type { AppContext } from '../../context';
import type { WorkOrderRow } from '../../db/schema';
import { configValues } from '../config/config-cache';
import { reminderSettingsFrom } from './deadline-settings';

/**
 * What the order summary needs to tell an open order's next deadline and its state (issue 21):
 * the clock of the request and the reminder offsets ("due soon" starts at the first reminder).
 * Read once per request from the cached configuration; the state itself is computed per row
 * from the row's own fields — no query per row.
 */
export interface DeadlineView {
  now: Date;
  reminders: ReminderSettings;
}

export async function deadlineView(ctx: AppContext, now: Date = ctx.now()): Promise<DeadlineView> {
  return { now, reminders: reminderSettingsFrom(await configValues(ctx, 'jsjb')) };
}

type Row = Pick<
  WorkOrderRow,
  | 'status'
  | 'main_org_status'
  | 'merged_into_id'
  | 'refuse_deadline'
  | 'deadline'
  | 'dispatch_time'
  | 'created_at'
  | 'escalation_level'
>;

/** The summary's `nextDeadline`: limits are counted from when they were set, as the plan does. */
export function presentNextDeadline(row: Row, view: DeadlineView): OrderSummary['nextDeadline'] {
  const next = nextDeadline(
    {
      status: row.status,
      mainOrgStatus: row.main_org_status,
      mergedIntoId: row.merged_into_id,
      refuseDeadline: row.refuse_deadline,
      deadline: row.deadline,
      dispatchTime: row.dispatch_time,
      escalationLevel: row.escalation_level,
    },
    view.now,
    view.reminders,
    row.dispatch_time ?? row.created_at,
  );
  return next
    ? {
        limit: next.limit,
        at: next.at.toISOString(),
        dueSoonAt: next.dueSoonAt.toISOString(),
        state: next.state,
      }
    : null;
}
