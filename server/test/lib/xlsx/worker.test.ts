import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { XlsxWorkerWriter } from '../../../src/lib/xlsx/worker';
import { XlsxStreamWriter, type CellValue } from '../../../src/lib/xlsx/writer';
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

describe('XLSX on a worker thread', () => {
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
