import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, EXPORT } from '../exports/exports-fixtures';
import { post } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Every export start is in the audit log (`export.start`): who, which export, how many rows,
 * the row filter — for the XLSX export, the CSV job and the Word case sheets (not for print
 * data, which is no file). The row commits with the export's history row.
 */

let t: TestApp;
let dataDir: string;
let admin: string;
let leader: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'export-audit-'));
  t = await createTestApp({ orders: 40, settings: { dataDir } });
  admin = await t.login('admin');
  leader = await t.login('leader');
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const exportStarts = () =>
  t.ctx.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', 'export.start')
    .orderBy('id')
    .execute();

async function record(id: number) {
  return t.ctx.db
    .selectFrom('export_records' as never)
    .selectAll()
    .where('id' as never, '=', id as never)
    .executeTakeFirstOrThrow() as Promise<Record<string, unknown>>;
}

describe('export.start rows', () => {
  it('the XLSX export: who, which export, rows, the filter; with its history row', async () => {
    const before = (await exportStarts()).length;
    const res = await download(t, 'POST', `${EXPORT}/exportExcel`, admin, {
      columns: ['id', 'title'],
      filter: { keyword: '道路', status: [1] },
    });
    expect(res.status).toBe(200);
    const rows = (await exportStarts()).slice(before);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    const recordId = Number(res.headers['x-export-id']);
    expect(row).toMatchObject({
      actor_name: 'admin',
      target_type: 'export',
      target_id: String(recordId),
    });
    expect(row!.ip).not.toBe('');
    expect(row!.target_name).toMatch(/^工单导出-\d{8}-\d{6}\.xlsx$/);
    expect(row!.detail).toEqual({
      export: 'orders',
      format: 'xlsx',
      rows: Number(res.headers['x-export-rows']),
      filter: { keyword: '道路', status: [1] },
    });
    expect((await record(recordId)).file_name).toBe(row!.target_name);
  });

  it('the CSV job and a selection by ids (their count only)', async () => {
    const before = (await exportStarts()).length;
    const init = await post<{ job: { id: number; total: number } }>(
      t,
      `${EXPORT}/initCsv`,
      { columns: ['id', 'title'], ids: [1, 2, 3] },
      { token: leader, lang: 'en' },
    );
    expect(init.code).toBe(200);
    const [row] = (await exportStarts()).slice(before);
    expect(row).toMatchObject({
      actor_name: 'leader',
      target_type: 'export',
      target_id: String(init.data.job.id),
    });
    expect(row!.target_name).toMatch(/^work-orders-\d{8}-\d{6}\.csv$/);
    expect(row!.detail).toEqual({
      export: 'orders',
      format: 'csv',
      rows: init.data.job.total,
      filter: { ids: 3 },
      orderIds: 3,
    });
  });

  it('Word case sheets; print data writes none', async () => {
    const before = (await exportStarts()).length;
    const word = await download(t, 'POST', `${EXPORT}/exportWord`, admin, { ids: [1, 2] });
    expect(word.status).toBe(200);
    const rows = (await exportStarts()).slice(before);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.detail).toEqual({
      export: 'orders',
      format: 'docx',
      rows: 2,
      filter: {},
      orderIds: 2,
    });
    const print = await post(t, `${EXPORT}/getOrder`, { id: 1 }, { token: admin });
    expect(print.code).toBe(200);
    expect((await exportStarts()).length).toBe(before + 1);
  });

  it('a refused export writes no row', async () => {
    const before = (await exportStarts()).length;
    const bad = await post(
      t,
      `${EXPORT}/exportExcel`,
      { columns: ['no_such_column'] },
      { token: admin, lang: 'en' },
    );
    expect([bad.status, bad.code]).toEqual([400, 400]);
    expect((await exportStarts()).length).toBe(before);
  });
});
