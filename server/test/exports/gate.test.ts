import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_COLUMNS } from '@hotline/domain';
import { AppError } from '../../src/http/app-error';
import { ExportGate } from '../../src/modules/exports/export-gate';
import { createTestApp, type TestApp } from '../support/test-app';
import { download, EXPORT } from './exports-fixtures';

/**
 * The node's XLSX export budget (issue 19): a few exports written at once, one per user, the
 * rest waiting in turn or refused with 429 and their place.
 */

const limits = { perNode: 2, perUser: 1, queueLength: 2, waitMs: 300 };
const settle = () => new Promise((r) => setTimeout(r, 5));

async function refusal(
  p: Promise<unknown>,
): Promise<{ code: number; key: string; params: unknown }> {
  try {
    await p;
  } catch (error) {
    if (error instanceof AppError)
      return { code: error.code, key: error.key, params: error.params };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('ExportGate', () => {
  it('admits up to perNode at once, then queues first come first served', async () => {
    const gate = new ExportGate(limits);
    const a = await gate.enter(1);
    const b = await gate.enter(2);
    expect([gate.active, gate.waiting]).toEqual([2, 0]);
    const order: number[] = [];
    const c = gate.enter(3).then((r) => (order.push(3), r));
    const d = gate.enter(4).then((r) => (order.push(4), r));
    await settle();
    expect([gate.active, gate.waiting]).toEqual([2, 2]);
    a();
    a(); // a second call frees nothing more
    const releaseC = await c;
    expect([gate.active, gate.waiting, order]).toEqual([2, 1, [3]]);
    b();
    const releaseD = await d;
    expect(order).toEqual([3, 4]);
    releaseC();
    releaseD();
    expect([gate.active, gate.waiting]).toEqual([0, 0]);
  });

  it('one export per user: a second, running or waiting, is refused at once', async () => {
    const gate = new ExportGate(limits);
    const mine = await gate.enter(1);
    expect(await refusal(gate.enter(1))).toEqual({
      code: 429,
      key: 'export.userBusy',
      params: { n: 1 },
    });
    mine();
    const again = await gate.enter(1);
    again();
  });

  it('a full queue refuses at once with the place it would have had; a wait too long refuses with its place', async () => {
    const gate = new ExportGate(limits);
    const running = [await gate.enter(1), await gate.enter(2)];
    const w1 = gate.enter(3);
    const w2 = gate.enter(4);
    expect(await refusal(gate.enter(5))).toEqual({
      code: 429,
      key: 'export.busy',
      params: { place: 3 },
    });
    expect(await refusal(w1)).toEqual({ code: 429, key: 'export.busy', params: { place: 1 } });
    expect(await refusal(w2)).toMatchObject({ code: 429, key: 'export.busy' });
    expect(gate.waiting).toBe(0);
    // Users who gave up may queue again.
    running.forEach((r) => r());
    (await gate.enter(3))();
  });

  it('a client that goes away leaves the queue', async () => {
    const gate = new ExportGate(limits);
    const running = [await gate.enter(1), await gate.enter(2)];
    const gone = new AbortController();
    const waiting = gate.enter(3, gone.signal);
    await settle();
    gone.abort();
    await refusal(waiting);
    expect(gate.waiting).toBe(0);
    running[0]!();
    expect(gate.active).toBe(1);
    running[1]!();
  });
});

describe('exportExcel through the gate', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const body = { columns: EXPORT_COLUMNS.map((c) => c.key).slice(0, 20), filter: {} };

  beforeAll(async () => {
    t = await createTestApp({
      orders: 40,
      settings: { xlsxExports: { perNode: 1, perUser: 1, queueLength: 1, waitMs: 5_000 } },
    });
    for (const u of ['admin', 'leader', 'dispatcher']) {
      tokens[u] = await t.login(u);
      ids[u] = (
        await t.ctx.db
          .selectFrom('users')
          .select('id')
          .where('username', '=', u)
          .executeTakeFirstOrThrow()
      ).id;
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const records = async () =>
    (await sql<{ n: number }>`SELECT count(*)::int AS n FROM export_records`.execute(t.ctx.db))
      .rows[0]!.n;

  const exportAs = (user: string) =>
    download(t, 'POST', `${EXPORT}/exportExcel`, tokens[user]!, body, 'en');

  it('a user with an export running gets 429 at once; nothing is recorded', async () => {
    const before = await records();
    const running = await t.exportGate.enter(ids.admin!);
    try {
      const reply = await exportAs('admin');
      expect([reply.status, reply.json?.msg]).toEqual([
        429,
        'you already have 1 Excel export(s) running: wait for it to finish',
      ]);
    } finally {
      running();
    }
    expect(await records()).toBe(before);
    expect((await exportAs('admin')).status).toBe(200);
  });

  it('another user waits for the slot and gets the file when it frees; a third is told the queue is full', async () => {
    const running = await t.exportGate.enter(ids.admin!);
    const waiting = exportAs('leader');
    while (t.exportGate.waiting === 0) await settle();
    const third = await exportAs('dispatcher');
    expect([third.status, third.json?.msg]).toEqual([
      429,
      'exports are busy: you are number 2 in the queue, try again shortly or export CSV',
    ]);
    running();
    const got = await waiting;
    expect([got.status, String(got.headers['content-type'])]).toEqual([
      200,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
    expect([t.exportGate.active, t.exportGate.waiting]).toEqual([0, 0]);
  });
});
