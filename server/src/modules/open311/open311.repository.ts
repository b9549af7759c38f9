import { sql } from 'kysely';
import type { Db } from '../../context';

/**
 * SQL of the Open311 endpoints. Services are the enabled problem categories of the last level
 * (grouped under their top level); service requests are the orders made through Open311
 * (`open311_requests`) — appeals taken by phone are not published.
 */

export interface ServiceRow {
  id: number;
  code: string;
  name: string;
  group_name: string | null;
  parent_name: string | null;
}

const services = (db: Db) =>
  db
    .selectFrom('problem_categories as c')
    .leftJoin('problem_categories as p', 'p.id', 'c.parent_id')
    .leftJoin('problem_categories as g', 'g.id', 'p.parent_id')
    .select([
      'c.id',
      'c.code',
      'c.name',
      sql<string | null>`COALESCE(g.name, p.name)`.as('group_name'),
      'p.name as parent_name',
    ])
    .where('c.disabled', '=', false)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('problem_categories as k').select('k.id').whereRef('k.parent_id', '=', 'c.id'),
        ),
      ),
    );

export function listServices(db: Db): Promise<ServiceRow[]> {
  return services(db).orderBy('c.sort').orderBy('c.code').execute();
}

export function findService(db: Db, code: string): Promise<ServiceRow | undefined> {
  return services(db).where('c.code', '=', code).executeTakeFirst();
}

export interface RequestRow {
  id: number;
  order_num: string;
  status: number;
  main_org_status: number;
  huifang_state: number;
  merged_into_id: number | null;
  reply_content: string | null;
  major_content: string;
  address: string;
  lat: number | null;
  long: number | null;
  /** ISO 8601 in China time, as the standard's replies give it (`chinaIso`). */
  call_time: string;
  updated_at: string;
  deadline: string | null;
  agency: string | null;
  service_code: string;
  service_name: string | null;
  media_url: string | null;
}

/**
 * An instant as ISO 8601 in China time with its offset (`2026-11-25T09:30:00+08:00`), written by
 * PostgreSQL: a thousand-request page would otherwise parse three thousand timestamps into
 * dates only to print them again (China keeps +08:00 all year).
 */
const chinaIso = (column: 'o.call_time' | 'o.updated_at' | 'o.deadline') =>
  sql<string>`to_char((${sql.ref(column)} AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM-DD"T"HH24:MI:SS"+08:00"')`;

const requests = (db: Db) =>
  db
    .selectFrom('open311_requests as r')
    .innerJoin('work_orders as o', 'o.id', 'r.order_id')
    .leftJoin('units as u', 'u.id', 'o.host_unit_id')
    .leftJoin('problem_categories as c', 'c.code', 'r.service_code')
    .select([
      'o.id',
      'o.order_num',
      'o.status',
      'o.main_org_status',
      'o.huifang_state',
      'o.merged_into_id',
      'o.reply_content',
      'o.major_content',
      'o.address',
      'o.lat',
      'o.long',
      chinaIso('o.call_time').as('call_time'),
      chinaIso('o.updated_at').as('updated_at'),
      chinaIso('o.deadline').as('deadline'),
      'u.name as agency',
      'r.service_code',
      'c.name as service_name',
      'r.media_url',
    ]);

export interface RequestFilter {
  orderNums: string[] | null;
  serviceCodes: string[] | null;
  /** null: both. */
  open: boolean | null;
  from: Date;
  to: Date;
  limit: number;
}

/** The statement of `findRequests`, unexecuted (its plan is tested). */
export function requestsQuery(db: Db, f: RequestFilter) {
  let q = requests(db);
  if (f.orderNums) {
    q = q.where('o.order_num', 'in', f.orderNums);
  } else {
    q = q.where('r.created_at', '>=', f.from).where('r.created_at', '<=', f.to);
    if (f.serviceCodes) q = q.where('r.service_code', 'in', f.serviceCodes);
    // The request's copy of its order's state (migration 032): the open ones are a partial
    // index in page order, so the filter never looks up the window's closed orders.
    if (f.open !== null) q = q.where('r.is_open', '=', f.open);
  }
  return q.orderBy('r.created_at', 'desc').orderBy('r.order_id', 'desc').limit(f.limit);
}

export function findRequests(db: Db, f: RequestFilter): Promise<RequestRow[]> {
  return requestsQuery(db, f).execute();
}

export function findRequest(db: Db, orderNum: string): Promise<RequestRow | undefined> {
  return requests(db).where('o.order_num', '=', orderNum).executeTakeFirst();
}
