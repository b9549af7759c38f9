import type { OrderSummary } from '@hotline/contract';
import type { OrderState } from '@hotline/domain';
import type { Db } from '../../src/context';
import type { WorkOrderRow } from '../../src/db/schema';
import type { AuthContext } from '../../src/modules/auth/auth-context';
import { authenticate } from '../../src/modules/auth/session.service';
import { toOrderState } from '../../src/modules/work-orders/order-state';
import { DEMO_USERNAMES, type DemoUsername } from '../../src/seed/demo-org';
import { post, type Reply } from '../support/api';
import type { TestApp } from '../support/test-app';

/** Shared helpers of the reads suites (server/test/reads-*.test.ts). */

export const JSJB = '/api/addons/jsjb';
export const USERS: readonly DemoUsername[] = DEMO_USERNAMES;

export interface Caller {
  token: string;
  auth: AuthContext;
}

export async function callers(t: TestApp): Promise<Record<DemoUsername, Caller>> {
  const out: Partial<Record<DemoUsername, Caller>> = {};
  for (const name of USERS) {
    const token = await t.login(name);
    out[name] = { token, auth: await authenticate(t.ctx, token) };
  }
  return out as Record<DemoUsername, Caller>;
}

export interface LoadedRow {
  row: WorkOrderRow;
  state: OrderState;
}

/** What an order is searched by (migration 036's hotline_order_text), made here from the row. */
export const searchTextOf = ({ row: r }: LoadedRow): string =>
  [
    r.order_num,
    r.district_case_num ?? '',
    r.title,
    r.major_content,
    r.caller_name,
    r.caller_phone,
    r.address,
  ]
    .join(' ')
    .toLowerCase();

export async function allOrders(db: Db): Promise<LoadedRow[]> {
  const rows = await db.selectFrom('work_orders').selectAll().orderBy('id').execute();
  return rows.map((row) => ({
    row,
    state: toOrderState(row, null, null),
  }));
}

export async function unitIdOf(db: Db, code: string): Promise<number> {
  const row = await db.selectFrom('units').select('id').where('code', '=', code).executeTakeFirst();
  if (!row) throw new Error(`no unit ${code}`);
  return row.id;
}

export interface ListData {
  list: OrderSummary[];
  totalCount?: number;
  hasMore: boolean;
  pageNo: number;
  pageSize: number;
}

export const list = (t: TestApp, token: string, body: object, url = '/lists/search') =>
  post<ListData>(t, `${JSJB}${url}`, body, { token });

/** Every row of a list, page by page (150 a page), failing loudly on an error answer. */
export async function listAll(
  t: TestApp,
  token: string,
  body: object,
  url = '/lists/search',
): Promise<OrderSummary[]> {
  const out: OrderSummary[] = [];
  for (let pageNo = 1; ; pageNo++) {
    const reply: Reply<ListData> = await list(t, token, { ...body, pageNo, pageSize: 150 }, url);
    if (reply.code !== 200) throw new Error(`${url} ${JSON.stringify(body)}: ${reply.msg}`);
    out.push(...reply.data.list);
    if (!reply.data.hasMore) return out;
  }
}

export const ids = (rows: readonly { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);

/** `run` with `settings.keywordScanRows` set to `scanRows` (search-page.ts), restored after. */
export async function withScanRows<T>(
  t: TestApp,
  scanRows: number,
  run: () => Promise<T>,
): Promise<T> {
  const before = t.ctx.settings.keywordScanRows;
  t.ctx.settings.keywordScanRows = scanRows;
  try {
    return await run();
  } finally {
    t.ctx.settings.keywordScanRows = before;
  }
}
