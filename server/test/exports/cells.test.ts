import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_COLUMNS } from '@hotline/domain';
import { exportChunks, needsOf } from '../../src/modules/exports/export-rows';
import { envFor } from '../../src/modules/exports/export.service';
import { rowValues } from '../../src/modules/exports/export-values';
import type { CellValue } from '../../src/lib/xlsx/writer';
import { post } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import { download, EXPORT, fromXlsxDate, readXlsx } from './exports-fixtures';
import { listAll } from '../work-orders/reads-fixtures';

/**
 * Every cell of an all-column export, XLSX against the CSV job of the same orders (the two
 * writers must agree: positions of cells after empty ones, escaping, white space, dates), the
 * side facts (merges, locks, call-back rounds) against what was written to the database, and
 * the keyset chunks against the list's order when many orders share a call time to the
 * microsecond.
 */

let t: TestApp;
let dataDir: string;
let admin: string;
const ALL = EXPORT_COLUMNS.map((c) => c.key);
const col = (key: string) => ALL.indexOf(key);
const FILTER = { status: [91, 92] };

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'exports-cells-'));
  t = await createTestApp({ orders: 300, settings: { dataDir } });
  admin = await t.login('admin');
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** RFC 4180 records (quoted fields, doubled quotes, CRLF or LF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

const chinaTime = (d: Date) => {
  const s = new Date(d.getTime() + 8 * 3_600_000).toISOString();
  return `${s.slice(0, 10)} ${s.slice(11, 19)}`;
};

/** An XLSX cell as the CSV writes it (formula guard aside). */
function asCsv(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (v instanceof Date) return chinaTime(fromXlsxDate(v));
  if (typeof v === 'object' && v !== null && 'richText' in v) {
    return (v as { richText: { text: string }[] }).richText.map((r) => r.text).join('');
  }
  return String(v);
}

describe('all columns, cell by cell', () => {
  let ids: number[] = [];

  beforeAll(async () => {
    const orders = await listAll(t, admin, FILTER);
    ids = orders.map((o) => o.id);
    const [a, b, c, d] = ids;
    const db = t.ctx.db;
    // Text that needs escaping, white space kept at the edges, characters XML forbids.
    await db
      .updateTable('work_orders')
      .set({
        title: '  <b>"A&B"</b> \u0001end ',
        remarks: '\u3000全角空格',
      })
      .where('id', '=', a!)
      .execute();
    // b was merged into c; d is locked by the admin.
    await db.updateTable('work_orders').set({ merged_into_id: c! }).where('id', '=', b!).execute();
    await db
      .insertInto('order_merges')
      .values({ order_id: b!, into_order_id: c!, reason: 'dup', created_at: t.ctx.now() })
      .execute();
    const adminUser = await db
      .selectFrom('users')
      .select(['id', 'realname'])
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('order_locks')
      .values({
        order_id: d!,
        user_id: adminUser.id,
        locked_at: t.ctx.now(),
        expires_at: new Date(t.ctx.now().getTime() + 600_000),
      })
      .execute();
    // Three call-back rounds on a.
    for (const attempt of [1, 2, 3]) {
      await db
        .insertInto('order_visits')
        .values({
          order_id: a!,
          attempt,
          reached: attempt !== 2,
          host_contacted: attempt === 3 ? null : true,
          resolved: attempt === 3,
          satisfaction: attempt === 3 ? 'satisfied' : null,
          remark: `第${attempt}轮`,
          visitor_id: adminUser.id,
          created_at: new Date(Date.UTC(2026, 4, attempt, 2, 3, 4)),
        })
        .execute();
    }
  });

  it('XLSX and CSV agree on every cell; side facts are those of the database', async () => {
    const xlsx = await download(t, 'POST', `${EXPORT}/exportExcel`, admin, {
      columns: ALL,
      filter: FILTER,
    });
    expect(xlsx.status).toBe(200);
    const sheet = await readXlsx(xlsx.body);

    const init = await post<{ job: { id: number } }>(
      t,
      `${EXPORT}/initCsv`,
      { columns: ALL, filter: FILTER },
      { token: admin, lang: 'zh' },
    );
    expect(init.code).toBe(200);
    let status = '';
    for (let i = 0; i < 100 && status !== 'done'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const q = await post<{ job: { status: string } }>(
        t,
        `${EXPORT}/queryExportInfo`,
        { jobId: init.data.job.id },
        { token: admin },
      );
      status = q.data.job.status;
    }
    expect(status).toBe('done');
    const file = await download(t, 'GET', `${EXPORT}/exportCsv?jobId=${init.data.job.id}`, admin);
    const csv = parseCsv(file.body.subarray(3).toString('utf8'));

    expect(sheet.length).toBe(ids.length + 1);
    expect(csv.length).toBe(ids.length + 1);
    expect(csv[0]).toEqual(sheet[0]);
    let compared = 0;
    for (let r = 1; r < sheet.length; r++) {
      const x = sheet[r]!;
      const c = csv[r]!;
      for (let i = 0; i < ALL.length; i++) {
        const fromXlsx = asCsv(x[i]);
        // The CSV guards formula-like text with a leading quote; XML drops control characters.
        const fromCsv = c[i]!.replace(/^'(?=[=+\-@\t\r])/, '').replaceAll('\u0001', '');
        expect({ row: r, column: ALL[i], value: fromXlsx }).toEqual({
          row: r,
          column: ALL[i],
          value: fromCsv,
        });
        compared++;
      }
    }
    expect(compared).toBe(ids.length * ALL.length);

    const [a, b, c, d] = ids;
    const rowOf = (id: number) => sheet.find((row) => row[col('id')] === id)!;
    expect(rowOf(a!)[col('title')]).toBe('  <b>"A&B"</b> end ');
    expect(rowOf(a!)[col('remarks')]).toBe('\u3000全角空格');
    expect(rowOf(a!)[col('visit1Remark')]).toBe('第1轮');
    expect(rowOf(a!)[col('visit2Reached')]).toBe('否');
    expect(rowOf(a!)[col('visit3Satisfaction')]).toBe('满意');
    expect(fromXlsxDate(rowOf(a!)[col('visit3Time')] as Date).toISOString()).toBe(
      '2026-05-03T02:03:04.000Z',
    );
    expect(rowOf(c!)[col('mergedCount')]).toBe(1);
    expect(rowOf(b!)[col('mergedIntoNum')]).toBe(rowOf(c!)[col('orderNum')]);
    expect(rowOf(b!)[col('mergedIntoId')]).toBe(c);
    expect(rowOf(d!)[col('isLocked')]).toBe('是');
    expect(rowOf(d!)[col('lockUserName')]).toBeTruthy();
    expect(rowOf(d!)[col('lockExpiresAt')]).toBeInstanceOf(Date);
    expect(rowOf(a!)[col('isLocked')]).toBe('否');

    // Every time column is the database's instant (to the millisecond); arrays, numbers and
    // flags are the database's (the chunk query reads each row as one JSON text).
    await t.ctx.db
      .updateTable('work_orders')
      .set({ labels: ['重点', 'a"b\\c'], caller_count: 3 })
      .where('id', '=', a!)
      .execute();
    const again = await readXlsx(
      (await download(t, 'POST', `${EXPORT}/exportExcel`, admin, { columns: ALL, filter: FILTER }))
        .body,
    );
    const db = await t.ctx.db
      .selectFrom('work_orders')
      .select([
        'id',
        'call_time',
        'updated_at',
        'deadline',
        'labels',
        'co_host_unit_ids',
        'caller_count',
        'risk_level',
        'is_key_appeal',
      ])
      .where('id', 'in', ids)
      .execute();
    expect(db.length).toBe(ids.length);
    for (const o of db) {
      const now = again.find((r) => r[col('id')] === o.id)!;
      expect([
        now[col('labels')] ?? '',
        now[col('coHostCount')],
        now[col('callerCount')],
        now[col('riskLevel')],
        now[col('isKeyAppeal')],
      ]).toEqual([
        o.labels.join('、'),
        o.co_host_unit_ids.length,
        o.caller_count,
        o.risk_level,
        o.is_key_appeal ? '是' : '否',
      ]);
    }
    expect(again.find((r) => r[col('labels')] === '重点、a"b\\c')?.[col('id')]).toBe(a);
    for (const o of db) {
      const row = rowOf(o.id);
      expect(fromXlsxDate(row[col('callTime')] as Date).getTime()).toBe(o.call_time.getTime());
      expect(fromXlsxDate(row[col('updatedAt')] as Date).getTime()).toBe(o.updated_at.getTime());
      if (o.deadline) {
        expect(fromXlsxDate(row[col('deadlineDate')] as Date).getTime()).toBe(o.deadline.getTime());
      }
    }
  });
  it('each column read alone (only the fields it declares) shows what it shows among all', async () => {
    const auth = { unit: { kind: 'district', id: 1, parentId: null }, acl: { admin: true } };
    const env = await envFor(t.ctx, auth as never, 'zh', t.ctx.now());
    const read = async (keys: readonly string[]) => {
      const values = rowValues(keys, env);
      const rows: CellValue[][] = [];
      let seq = 0;
      const options = { now: env.now, needs: needsOf(keys), names: env.names };
      for await (const chunk of exportChunks(t.ctx.db, [], options)) {
        for (const r of chunk) rows.push([...values(r, ++seq)]);
      }
      return rows;
    };
    const all = await read(ALL);
    expect(all.length).toBe(300);
    // The fixture has a lock, merges, call-back rounds, co-hosts and empty fields to show.
    expect(all.some((r) => r[col('isLocked')] === '是')).toBe(true);
    expect(all.some((r) => (r[col('coHostCount')] as number) > 0)).toBe(true);
    for (const key of ALL) {
      const alone = await read([key]);
      expect({ key, cells: alone.map((r) => r[0]) }).toEqual({
        key,
        cells: all.map((r) => r[col(key)]),
      });
    }
    // A column of one field reads that field and the base ones, not all 65.
    expect([...needsOf(['title']).fields].sort()).toEqual([
      'category_id',
      'co_host_unit_ids',
      'community_unit_id',
      'host_unit_id',
      'id',
      'title',
    ]);
  });
});

describe('keyset chunks', () => {
  it('follow the list order across chunk edges when call times tie to the microsecond', async () => {
    const inOrder = async () =>
      (
        await sql<{
          id: number;
        }>`SELECT id FROM work_orders ORDER BY call_time DESC, id DESC`.execute(t.ctx.db)
      ).rows.map((r) => Number(r.id));
    // Twenty orders in the middle share one call time with microseconds.
    const tied = (await inOrder()).slice(40, 60);
    await sql`UPDATE work_orders SET call_time = '2026-03-01 10:00:00.123456+08'
              WHERE id = ANY(${tied}::int[])`.execute(t.ctx.db);
    const expected = await inOrder();
    expect(expected.length).toBe(300);
    const auth = { unit: { kind: 'district', id: 1, parentId: null }, acl: { admin: true } };
    const env = await envFor(t.ctx, auth as never, 'zh', t.ctx.now());
    const seen: number[] = [];
    for await (const chunk of exportChunks(t.ctx.db, [], {
      now: t.ctx.now(),
      needs: needsOf(['id']),
      names: env.names,
      chunk: 7,
    })) {
      expect(chunk.length).toBeLessThanOrEqual(7);
      seen.push(...[...chunk].map((r) => r.row.id));
    }
    expect(seen).toEqual(expected);
  });
});
