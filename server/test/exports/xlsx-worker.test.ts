import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lang } from '@hotline/domain';
import { EXPORT_COLUMNS } from '@hotline/domain';
import { authenticate } from '../../src/modules/auth/session.service';
import { startXlsx, writeXlsx } from '../../src/modules/exports/export.service';
import { createTestApp, type TestApp } from '../support/test-app';
import { readBack, unzip } from '../support/xlsx';

/**
 * Large XLSX exports write their sheet on a worker thread (lib/xlsx/worker.ts): the file must
 * be the one the in-thread writer makes, whatever the sink's pace.
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

describe('XLSX exports on a worker thread', () => {
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
});
