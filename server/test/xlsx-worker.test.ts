import { PassThrough, Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lang } from '@hotline/domain';
import { EXPORT_COLUMNS } from '@hotline/domain';
import { authenticate } from '../src/modules/auth/session.service';
import { startXlsx, writeXlsx } from '../src/modules/exports/export.service';
import { XlsxWorkerWriter } from '../src/modules/exports/xlsx-worker';
import { XlsxStreamWriter, type CellValue } from '../src/modules/exports/xlsx-writer';
import { createTestApp, type TestApp } from './support/test-app';
import { readBack, unzip } from './support/xlsx';

/**
 * Large XLSX exports write their sheet on a worker thread: the file must be the one the
 * in-thread writer makes, whatever the sink's pace, and an abandoned export must stop its
 * thread.
 */

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp({ orders: 260 });
  adminToken = await t.login('admin');
});
afterAll(async () => {
  await t?.close();
});

/** A sink that collects what it is given, taking `delayMs` per chunk (a slow client). */
function collector(delayMs = 0): { sink: Writable; bytes: () => Buffer } {
  const parts: Buffer[] = [];
  const sink = new Writable({
    highWaterMark: 16 * 1024,
    write(chunk: Buffer, _enc, cb) {
      parts.push(chunk);
      if (delayMs > 0) setTimeout(cb, delayMs);
      else cb();
    },
  });
  return { sink, bytes: () => Buffer.concat(parts) };
}

/**
 * An all-column export of every order as of `at` (open orders' overdue hours count up to "now":
 * two exports compared byte for byte must share it, or a value can round the other way).
 */
async function exportWith(workerFromRows: number, at: Date, delayMs = 0, lang: Lang = 'zh') {
  const ctx = { ...t.ctx, now: () => at };
  const auth = await authenticate(ctx, adminToken);
  const body = { columns: EXPORT_COLUMNS.map((c) => c.key), filter: {} };
  const { id, prepared } = await startXlsx(ctx, auth, body as never, lang);
  const { sink, bytes } = collector(delayMs);
  const rows = await writeXlsx(ctx, id, prepared, sink, { workerFromRows });
  await new Promise<void>((resolve) => sink.end(resolve));
  return { rows, file: bytes() };
}

describe('XLSX on a worker thread', () => {
  it('writes the same sheet and shared strings as the in-thread writer, through a slow sink too', async () => {
    const at = t.ctx.now();
    const here = await exportWith(Number.POSITIVE_INFINITY, at);
    const there = await exportWith(1, at, 2);
    expect(there.rows).toBe(here.rows);
    expect(here.rows).toBeGreaterThan(200);
    const a = unzip(here.file);
    const b = unzip(there.file);
    expect([...b.keys()]).toEqual([...a.keys()]);
    for (const [name, text] of a) expect(b.get(name), name).toBe(text);
    const back = await readBack(there.file);
    expect(back).toHaveLength(here.rows + 1);
  });

  it('passes many rows in batches with backpressure and ends cleanly', async () => {
    const { sink, bytes } = collector(1);
    const columns = [
      { header: 'n', type: 'int' as const, width: 8 },
      { header: '状态', type: 'text' as const, width: 10 },
      { header: '内容', type: 'text' as const, width: 30 },
    ];
    const worker = new XlsxWorkerWriter(sink, columns, '工单');
    const local = new PassThrough();
    const localParts: Buffer[] = [];
    local.on('data', (c: Buffer) => localParts.push(c));
    const inThread = new XlsxStreamWriter(local, columns, '工单');
    await worker.start();
    await inThread.start();
    for (let i = 0; i < 20_000; i++) {
      const row: CellValue[] = [i, ['已答复', '待回访'][i % 2]!, `市民反映的问题 ${i} <&>`];
      const w = worker.addRow(row);
      if (w) await w;
      const l = inThread.addRow(row);
      if (l) await l;
    }
    await worker.finish();
    await inThread.finish();
    expect(worker.rowsWritten).toBe(20_000);
    await new Promise<void>((resolve) => sink.end(resolve));
    const sheet = unzip(bytes()).get('xl/worksheets/sheet1.xml');
    expect(sheet).toBe(unzip(Buffer.concat(localParts)).get('xl/worksheets/sheet1.xml'));
    expect(sheet).toContain('市民反映的问题 19999 &lt;&amp;&gt;');
  });

  it('an abandoned export stops its thread and rejects', async () => {
    const { sink } = collector();
    const worker = new XlsxWorkerWriter(sink, [{ header: 'n', type: 'int', width: 8 }]);
    await worker.start();
    for (let i = 0; i < 1000; i++) await worker.addRow([i]);
    await worker.close();
    await expect(
      (async () => {
        for (let i = 0; i < 1000; i++) await worker.addRow([i]);
        await worker.finish();
      })(),
    ).rejects.toThrow();
  });
});
