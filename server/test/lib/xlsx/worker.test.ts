import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { XlsxWorkerWriter } from '../../../src/lib/xlsx/worker';
import { XlsxStreamWriter, type CellValue, type XlsxColumn } from '../../../src/lib/xlsx/writer';
import { random, randomText } from '../../support/random-text';
import { unzip } from '../../support/xlsx';

/**
 * The XLSX writer on a worker thread: the sheet must be the one the in-thread writer makes,
 * whatever the sink's pace, and an abandoned file must stop its thread. (The same through a
 * whole export: exports-xlsx-worker.test.ts.)
 */

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
 * The same rows through the worker (its sink taking `delayMs` per chunk) and through the
 * in-thread writer: both files' parts, and the worker's count of rows written.
 */
async function writeBoth(columns: XlsxColumn[], rows: readonly CellValue[][], delayMs = 0) {
  const viaWorker = collector(delayMs);
  const inThreadSink = collector();
  const worker = new XlsxWorkerWriter(viaWorker.sink, columns, '工单');
  const inThread = new XlsxStreamWriter(inThreadSink.sink, columns, '工单');
  await worker.start();
  await inThread.start();
  for (const row of rows) {
    const w = worker.addRow(row);
    if (w) await w;
    const l = inThread.addRow(row);
    if (l) await l;
  }
  await worker.finish();
  await inThread.finish();
  await new Promise<void>((resolve) => viaWorker.sink.end(resolve));
  await new Promise<void>((resolve) => inThreadSink.sink.end(resolve));
  return {
    got: unzip(viaWorker.bytes()),
    want: unzip(inThreadSink.bytes()),
    rowsWritten: worker.rowsWritten,
  };
}

describe('XLSX on a worker thread', () => {
  it('passes many rows in batches with backpressure and ends cleanly', async () => {
    const columns: XlsxColumn[] = [
      { header: 'n', type: 'int', width: 8 },
      { header: '状态', type: 'text', width: 10 },
      { header: '内容', type: 'text', width: 30 },
    ];
    const rows = Array.from({ length: 20_000 }, (_, i): CellValue[] => [
      i,
      ['已答复', '待回访'][i % 2]!,
      `市民反映的问题 ${i} <&>`,
    ]);
    const { got, want, rowsWritten } = await writeBoth(columns, rows, 1);
    expect(rowsWritten).toBe(20_000);
    const sheet = got.get('xl/worksheets/sheet1.xml');
    expect(sheet).toBe(want.get('xl/worksheets/sheet1.xml'));
    expect(sheet).toContain('市民反映的问题 19999 &lt;&amp;&gt;');
  });

  it('writes random rows of every kind of cell as the in-thread writer does, shared strings too', async () => {
    const next = random(31);
    const columns: XlsxColumn[] = [
      { header: '状态', type: 'text', width: 10 },
      { header: '内容', type: 'text', width: 30 },
      { header: 'n', type: 'number', width: 8 },
      { header: '时间', type: 'datetime', width: 18 },
      { header: '编号', type: 'text', width: 12 },
    ];
    const rows: CellValue[][] = [];
    for (let i = 0; i < 12_000; i++) {
      const pick = next();
      rows.push([
        pick < 0.1
          ? null
          : pick < 0.15
            ? ''
            : [' 空格 ', 'a&b', '已答复', randomText(next, 8)][i % 4]!,
        // long text now and then: a batch's text outgrows its first array
        next() < 0.01 ? '长'.repeat(40_000) : randomText(next, 80),
        next() < 0.1 ? Number.NaN : next() < 0.5 ? Math.floor(next() * 1e6) : next() * 100,
        next() < 0.1
          ? null
          : next() < 0.5
            ? new Date(Date.UTC(2026, 0, 1) + i * 997)
            : Date.UTC(2025, 0, 1) + i,
        // mostly new values: the column stops adding to the table after its first ones
        `BJ${i}`,
      ]);
    }
    const { got, want } = await writeBoth(columns, rows);
    expect(got.get('xl/worksheets/sheet1.xml')).toBe(want.get('xl/worksheets/sheet1.xml'));
    expect(got.get('xl/sharedStrings.xml')).toBe(want.get('xl/sharedStrings.xml'));
    expect(got.get('xl/sharedStrings.xml')).toContain('<si><t>已答复</t></si>');
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
