import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { post, type Reply } from '../support/api';
import { bearer, createTestApp, type TestApp } from '../support/test-app';

/**
 * Helpers of the intake-*.test.ts suites: a valid intake body, table snapshots, multipart
 * bodies built by hand, and a test app with its own DATA_DIR for the upload suites.
 */

export type Json = Record<string, unknown>;

/** A self-built order form that passes every check (category and community filled in). */
export async function validIntake(t: TestApp, overrides: Json = {}): Promise<Json> {
  const category = await t.ctx.db
    .selectFrom('problem_categories')
    .select('id')
    .where('level', '=', 3)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const community = await t.ctx.db
    .selectFrom('units')
    .select('id')
    .where('kind', '=', 'community')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return {
    title: '小区门口路灯不亮',
    majorContent:
      '来电人反映望湖东里小区南门口的路灯已经连续三天不亮，夜间出行不便，希望尽快维修。',
    callerName: '赵先生',
    callerPhone: '13912345678',
    address: '望湖东里小区南门',
    communityUnitId: community.id,
    categoryId: category.id,
    urgency: 'general',
    orderNature: 'complaint',
    ...overrides,
  };
}

/** Row count and digest of each table: "nothing was written" is "nothing changed". */
export async function snapshot(t: TestApp, tables: readonly string[]) {
  const out: Record<string, string> = {};
  for (const table of tables) {
    const { rows } = await sql<{ n: number; h: string | null }>`
      SELECT count(*)::int AS n, md5(string_agg(x::text, '|' ORDER BY x::text)) AS h
        FROM ${sql.table(table)} AS x`.execute(t.ctx.db);
    out[table] = `${rows[0]?.n ?? '?'} rows, ${rows[0]?.h ?? '-'}`;
  }
  return out;
}

export type Part =
  | { name: string; value: string }
  | { name: string; filename: string; content: Buffer; contentType?: string };

/** A multipart/form-data body, with parts in the order given. */
export function multipart(parts: readonly Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----hotline${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('filename' in part) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        part.content,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export interface FileData {
  id: number;
  orderId: number | null;
  fileName: string;
  size: number;
  mimeType: string;
  url: string;
  fileAuthType: number;
  createtime: string;
}

export const file = (filename: string, content: Buffer): Part => ({
  name: 'file',
  filename,
  content,
});

/** A test app whose DATA_DIR is a fresh temp folder, removed again by `close`. */
export interface FileApp {
  t: TestApp;
  dataDir: string;
  tokens: Record<string, string>;
  upload(who: string | null, parts: readonly Part[], url?: string): Promise<Reply<FileData>>;
  download(who: string, id: number): Promise<LightMyRequestResponse>;
  /** Every file under DATA_DIR/uploads, the temp folder included. */
  filesOnDisk(): Promise<string[]>;
  /** An order taken in by the dispatcher and handed to a street, as dispatch leaves it. */
  hostedOrder(unitCode: string): Promise<number>;
  close(): Promise<void>;
}

export async function createFileApp(users: readonly string[]): Promise<FileApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'hotline-uploads-'));
  const t = await createTestApp({ settings: { dataDir } });
  const tokens: Record<string, string> = {};
  for (const name of users) tokens[name] = await t.login(name);
  const auth = (who: string | null): Record<string, string> =>
    who ? bearer(tokens[who] ?? '') : {};

  return {
    t,
    dataDir,
    tokens,
    async upload(who, parts, url = '/api/file/pUpload') {
      const { payload, contentType } = multipart(parts);
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': contentType, 'accept-language': 'en-US', ...auth(who) },
        payload,
      });
      const body = res.json<{ code: number; msg: string; data: FileData }>();
      return { status: res.statusCode, ...body, headers: res.headers };
    },
    download(who, id) {
      return t.app.inject({
        method: 'GET',
        url: `/api/file/download/${id}`,
        headers: { 'accept-language': 'en-US', ...auth(who) },
      });
    },
    async filesOnDisk() {
      const root = join(dataDir, 'uploads');
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      return entries
        .filter((e) => e.isFile())
        .map((e) => join(e.parentPath, e.name).slice(root.length))
        .sort();
    },
    async hostedOrder(unitCode) {
      const reply = await post<{ order: { id: number } }>(
        t,
        '/api/addons/jsjb/redaction/insert',
        await validIntake(t, { title: `${unitCode} 附件测试工单` }),
        { token: tokens.dispatcher },
      );
      if (reply.code !== 200) throw new Error(`intake failed: ${reply.msg}`);
      const unit = await t.ctx.db
        .selectFrom('units')
        .select('id')
        .where('code', '=', unitCode)
        .executeTakeFirstOrThrow();
      await t.ctx.db
        .updateTable('work_orders')
        .set({ host_unit_id: unit.id, main_org_status: 1, dispatch_time: t.ctx.now() })
        .where('id', '=', reply.data.order.id)
        .execute();
      return reply.data.order.id;
    },
    async close() {
      await t.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface IntakeSummary {
  id: number;
  orderNum: string;
  districtCaseNum: string;
  typeId: number;
  status: number;
  systemSignTime: string | null;
  refuseDeadline: string;
  dispatcherId: number | null;
  mergedIntoId: number | null;
  callTime: string;
}
export interface IntakeData {
  order: IntakeSummary;
  similar: { id: number; orderNum: string; title: string; similarity: number }[];
}

export const INTAKE_URL = '/api/addons/jsjb/redaction/insert';

/** A test app with the demo accounts signed in, and the intake call as each of them. */
export interface IntakeApp {
  t: TestApp;
  userId: Record<string, number>;
  intake(who: string, body: unknown, lang?: 'en' | 'zh'): Promise<Reply<IntakeData>>;
  eventsOf(orderId: number): Promise<
    {
      action: string;
      actor_id: number | null;
      from_state: unknown;
      to_state: unknown;
      comment: string;
    }[]
  >;
}

export async function createIntakeApp(
  orders: number,
  users: readonly string[],
): Promise<IntakeApp> {
  const t = await createTestApp({ orders });
  const tokens: Record<string, string> = {};
  const userId: Record<string, number> = {};
  for (const name of users) {
    tokens[name] = await t.login(name);
    const row = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', name)
      .executeTakeFirstOrThrow();
    userId[name] = row.id;
  }
  return {
    t,
    userId,
    intake: (who, body, lang = 'en') =>
      post<IntakeData>(t, INTAKE_URL, body, { token: tokens[who], lang }),
    eventsOf: (orderId) =>
      t.ctx.db
        .selectFrom('order_events')
        .select(['action', 'actor_id', 'from_state', 'to_state', 'comment'])
        .where('order_id', '=', orderId)
        .orderBy('id')
        .execute(),
  };
}

/** yyyymmdd in China time, as order numbers carry it. */
export const chinaDay = (at: Date) =>
  new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');
