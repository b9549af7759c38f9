import { startOfDayCst } from '@hotline/domain';
import type { Db } from '../../../src/context';

/**
 * The tallies of migration 015 recounted from the orders, here in TypeScript (not with the
 * migration's SQL functions, so the two are independent): one key per tally row, with its
 * number of orders. Rows of n = 0 are left out of both sides.
 */
export interface Tallies {
  states: Record<string, number>;
  clocks: Record<string, number>;
}

const HOUR = 3_600_000;

function add(into: Record<string, number>, key: string, n: number) {
  into[key] = (into[key] ?? 0) + n;
  if (into[key] === 0) delete into[key];
}

export async function recounted(db: Db): Promise<Tallies> {
  const rows = await db
    .selectFrom('work_orders')
    .select([
      'type_id',
      'status',
      'main_org_status',
      'huifang_state',
      'need_review_status',
      'reply_rejected',
      'is_key_appeal',
      'dispatcher_id',
      'host_unit_id',
      'co_host_unit_ids',
      'system_sign_time',
      'deadline',
    ])
    .execute();
  const out: Tallies = { states: {}, clocks: {} };
  for (const o of rows) {
    const host = o.host_unit_id ?? 0;
    const units: [number, 'h' | 'c'][] = [[host, 'h']];
    for (const c of new Set(o.co_host_unit_ids)) if (c !== host) units.push([c, 'c']);
    const state = [o.type_id, o.status, o.main_org_status, o.huifang_state];
    for (const [unit, role] of units) {
      const keys = [
        o.need_review_status ?? 0,
        o.reply_rejected,
        o.is_key_appeal,
        o.dispatcher_id === null,
      ];
      add(out.states, [...state, ...keys, unit, role].join('/'), 1);
      if (o.system_sign_time) {
        const day = startOfDayCst(o.system_sign_time).toISOString();
        add(out.clocks, ['s', day, ...state, unit, role].join('/'), 1);
      }
      if (o.deadline && o.status === 1 && [0, 1].includes(o.main_org_status)) {
        const hour = new Date(Math.floor(o.deadline.getTime() / HOUR) * HOUR).toISOString();
        add(out.clocks, ['d', hour, ...state, unit, role].join('/'), 1);
      }
    }
  }
  return out;
}

export async function tallied(db: Db): Promise<Tallies> {
  const out: Tallies = { states: {}, clocks: {} };
  const states = await db.selectFrom('queue_tallies').selectAll().where('n', '<>', 0).execute();
  for (const r of states) {
    const key = [
      r.type_id,
      r.status,
      r.main_org_status,
      r.huifang_state,
      r.need_review_status,
      r.reply_rejected,
      r.is_key_appeal,
      r.unclaimed,
      r.unit_id,
      r.role,
    ].join('/');
    add(out.states, key, Number(r.n));
  }
  const clocks = await db
    .selectFrom('queue_clock_tallies')
    .selectAll()
    .where('n', '<>', 0)
    .execute();
  for (const r of clocks) {
    const state = [r.type_id, r.status, r.main_org_status, r.huifang_state];
    const key = [r.clock, r.bucket.toISOString(), ...state, r.unit_id, r.role].join('/');
    add(out.clocks, key, Number(r.n));
  }
  return out;
}

/** Deadline hours left at zero (an emptied hour is deleted, so the table does not grow). */
export async function emptiedHours(db: Db): Promise<number> {
  const row = await db
    .selectFrom('queue_clock_tallies')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('clock', '=', 'd')
    .where('n', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
