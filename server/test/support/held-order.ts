import type { Db } from '../../src/context';
import { syncDeadlineJobs } from '../../src/modules/deadlines/deadline-sync';

const HOUR = 3_600_000;
let serial = 0;

/**
 * The row of an order held by a unit: dispatched and signed at `at`, refusal limit 24 hours and
 * handling limit 168 hours after it (status 1, host sign done); `fields` override any column
 * (`host_unit_id` to choose the unit, `deadline` to move the limit). Tests that insert many
 * at once pass the rows to one `insertInto('work_orders').values(rows)`.
 */
export function heldOrderRow(at: Date, fields: Record<string, unknown> = {}) {
  serial += 1;
  return {
    order_num: `HO${at.getTime()}${String(serial).padStart(5, '0')}`,
    type_id: 1,
    title: `测试工单 ${serial}`,
    major_content: '路面塌陷',
    caller_name: '测试市民',
    caller_phone: '13900000003',
    address: '柳荫北路',
    urgency: 'general',
    call_time: at,
    status: 1,
    main_org_status: 1,
    dispatch_time: at,
    host_sign_time: at,
    refuse_deadline: new Date(at.getTime() + 24 * HOUR),
    deadline: new Date(at.getTime() + 168 * HOUR),
    created_at: at,
    ...fields,
  };
}

/**
 * One such order written straight into the table; its deadline jobs are planned unless
 * `jobs: false`. For tests of what reads or sweeps orders in a given state, without walking
 * the lifecycle to reach it.
 */
export async function insertHeldOrder(
  db: Db,
  at: Date,
  fields: Record<string, unknown> = {},
  options: { jobs?: boolean } = {},
): Promise<number> {
  const row = await db
    .insertInto('work_orders')
    .values(heldOrderRow(at, fields))
    .returning('id')
    .executeTakeFirstOrThrow();
  if (options.jobs !== false) await syncDeadlineJobs(db, row.id);
  return row.id;
}
