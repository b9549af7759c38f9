import { userRoom, type PushMessageMap } from '@hotline/contract';
import { signLimitHolder, type PlannedJob } from '@hotline/domain';
import type { AppContext, Db } from '../../context';
import * as repo from './deadline-jobs.repository';
import {
  dispatchers,
  districtLeaders,
  handlersOf,
  leadersOf,
  loadPeople,
  type Person,
} from './deadline-recipients';
import { loadReminderSettings } from './deadline-settings';
import { planOf } from './deadline-sync';

/**
 * One sweep of the due jobs (issue 21). Each batch is one transaction: claim due jobs
 * (FOR UPDATE SKIP LOCKED — another node's claimed rows are skipped, not waited for), check
 * each against the order's current plan, write the effects (a timeline event; for an
 * escalation the order's level), close the jobs, commit, and only then send the notices. A
 * batch that fails rolls back whole: its jobs stay due and the next sweep takes them again.
 */

export type DeadlineNotice = PushMessageMap['deadlineNotice'];

export interface SweepResult {
  claimed: number;
  fired: number;
  stale: number;
  /** Jobs left due because an action held their order at that moment. */
  busy: number;
  notices: { userId: number; notice: DeadlineNotice }[];
}

export interface SweepHooks {
  /**
   * Tests: runs inside the batch's transaction before it commits, with the jobs it claimed
   * (throw to abort it; never resolve to stand for a node stopped mid-batch).
   */
  beforeCommit?: (claimed: readonly repo.JobRow[]) => Promise<void> | void;
}

const HOUR = 3_600_000;
const LIMIT_NAME = { sign: '签收', handling: '办理' } as const;

function recipients(people: Person[], order: repo.PlanOrderRow, job: PlannedJob): number[] {
  const holder = job.limit === 'sign' ? signLimitHolder(toPlan(order)) : 'host';
  const unit = order.host_unit_id;
  let list: Person[];
  if (job.kind === 'reminder') {
    list = holder === 'district' || unit === null ? dispatchers(people) : handlersOf(people, unit);
  } else if (job.level >= 2) {
    list = districtLeaders(people);
  } else {
    list =
      holder === 'district' || unit === null
        ? [...dispatchers(people), ...districtLeaders(people)]
        : [...leadersOf(people, unit), ...dispatchers(people)];
  }
  return [...new Set(list.map((p) => p.id))];
}

export const toPlan = (o: repo.PlanOrderRow) => ({
  status: o.status,
  mainOrgStatus: o.main_org_status,
  mergedIntoId: o.merged_into_id,
  refuseDeadline: o.refuse_deadline,
  deadline: o.deadline,
  dispatchTime: o.dispatch_time,
});

export function comment(job: PlannedJob, hoursBefore: number): string {
  const limit = LIMIT_NAME[job.limit];
  if (job.kind === 'reminder') return `距${limit}时限还有 ${hoursBefore} 小时`;
  return job.level >= 2
    ? `超过${limit}时限仍未办结，已升级至区领导（二级）`
    : `超过${limit}时限，已升级（一级）`;
}

async function sweepBatch(
  ctx: AppContext,
  now: Date,
  batch: number,
  hooks: SweepHooks,
): Promise<SweepResult> {
  return ctx.db.transaction().execute(async (trx) => {
    const jobs = await repo.claimDue(trx, now, batch);
    const result: SweepResult = {
      claimed: jobs.length,
      fired: 0,
      stale: 0,
      busy: 0,
      notices: [],
    };
    if (jobs.length === 0) return result;
    // The orders are locked too, skipping those an action holds: an action locks its order
    // and then moves its jobs, so waiting here for the order while holding its jobs could
    // deadlock with it. A job whose order is busy stays due for the next sweep.
    const orders = new Map(
      (await repo.planOrders(trx, [...new Set(jobs.map((j) => j.order_id))], 'skipLocked')).map(
        (o) => [o.id, o],
      ),
    );
    const settings = await loadReminderSettings(trx);
    let people: Person[] | null = null;
    const done: number[] = [];
    for (const job of jobs) {
      const order = orders.get(job.order_id);
      if (!order) {
        result.busy++;
        continue;
      }
      const planned = planOf(order, settings).find(
        (p) => p.kind === job.kind && p.offsetKey === job.offset_key,
      );
      if (!planned) {
        // The order moved on (signed, replied, closed) without its job being removed: close it.
        result.stale++;
        done.push(job.id);
        continue;
      }
      if (planned.dueAt.getTime() > now.getTime()) {
        // The limit moved later (an extension) and the job was not moved with it.
        await repo.moveJob(trx, job.id, planned.dueAt);
        continue;
      }
      const limitAt = job.offset_key.startsWith('sign') ? order.refuse_deadline! : order.deadline!;
      const hoursBefore =
        job.kind === 'reminder'
          ? Math.round(((limitAt.getTime() - planned.dueAt.getTime()) / HOUR) * 100) / 100
          : 0;
      await writeEvent(trx, order, planned, comment(planned, hoursBefore), now);
      if (planned.kind === 'escalation') {
        await repo.escalateOrder(trx, order.id, planned.level, now);
        const district = planned.limit === 'sign' && signLimitHolder(toPlan(order)) === 'district';
        await repo.recordEscalation(trx, {
          orderId: order.id,
          level: planned.level,
          limit: planned.limit,
          unitId: district ? null : order.host_unit_id,
          at: now,
        });
      }
      people ??= await loadPeople(trx);
      const notice: DeadlineNotice = {
        kind: planned.kind,
        limit: planned.limit,
        level: planned.level,
        orderId: order.id,
        orderNum: order.order_num,
        title: order.title,
        dueAt: limitAt.toISOString(),
        hoursBefore,
      };
      for (const userId of recipients(people, order, planned))
        result.notices.push({ userId, notice });
      result.fired++;
      done.push(job.id);
    }
    await repo.markDone(trx, done, now);
    await hooks.beforeCommit?.(jobs);
    return result;
  });
}

export async function writeEvent(
  trx: Db,
  order: repo.PlanOrderRow,
  job: PlannedJob,
  text: string,
  now: Date,
) {
  const codes = JSON.stringify({ status: order.status, mainOrgStatus: order.main_org_status });
  await trx
    .insertInto('order_events')
    .values({
      order_id: order.id,
      action: job.kind === 'reminder' ? 'deadline_reminder' : 'deadline_escalation',
      actor_id: null,
      actor_unit_id: null,
      from_state: codes,
      to_state: codes,
      comment: text,
      created_at: now,
    })
    .execute();
}

/** Up to `maxBatches` batches, stopping at the first that is not full. Notices after each commit. */
export async function sweepDeadlines(
  ctx: AppContext,
  options: { batch: number; maxBatches: number; now?: Date },
  hooks: SweepHooks = {},
): Promise<SweepResult> {
  const now = options.now ?? ctx.now();
  const total: SweepResult = { claimed: 0, fired: 0, stale: 0, busy: 0, notices: [] };
  for (let i = 0; i < options.maxBatches; i++) {
    const r = await sweepBatch(ctx, now, options.batch, hooks);
    for (const { userId, notice } of r.notices) {
      ctx.push?.hub.sendToRoom(userRoom(userId), 'deadlineNotice', notice);
    }
    total.claimed += r.claimed;
    total.fired += r.fired;
    total.stale += r.stale;
    total.busy += r.busy;
    total.notices.push(...r.notices);
    if (r.claimed < options.batch) break;
  }
  return total;
}
