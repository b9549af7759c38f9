import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { openDatabase, type DatabaseHandle } from '../../src/db/connect';
import { migrate } from '../../src/db/migrate';
import { SimulatedSmsProvider } from '../../src/modules/auth/sms-provider';
import { syncDeadlineJobs } from '../../src/modules/deadlines/deadline-sync';
import { sweepDeadlines } from '../../src/modules/deadlines/deadline-sweep';
import { seedBase, seedDemoIfEmpty } from '../../src/seed/index';
import { testSettings } from '../../src/settings';
import { createScratchDatabase, testDatabaseUrl } from '../support/postgres-db';
import { heldOrderRow } from '../support/held-order';
import { TEST_DB } from '../support/test-app';

/**
 * A node killed with SIGKILL in the middle of a sweep (issue 21): a real process
 * (sweep-node.ts) sweeps batch after batch and, in its third batch — events written, jobs
 * closed, nothing committed — stops and is killed with `kill -9`.
 *
 * - PostgreSQL (two nodes): while the killed node still holds its batch, this test's node
 *   sweeps and takes every other due job (SKIP LOCKED) but none of the held ones; after the
 *   kill the server rolls the dead connection's transaction back and the next sweep takes them.
 * - PGlite (one node: the embedded database lives in the node's own process, with one session,
 *   so no second node can sweep beside it — the kill takes the database down with the node):
 *   the node is started again on the same data directory and sweeps what is left.
 *
 * Both: each order's reminder is on its timeline exactly once, and the street handler was told
 * of each order exactly once (the killed node's committed notices plus the survivor's).
 */

const ON_POSTGRES = TEST_DB === 'postgres';
const HOUR = 3_600_000;
const ORDERS = 120;
const BATCH = 20;
const HANG_AT = 3;
const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));

/** The start of the test's time; its orders' "4 hours before" reminders fall due at +6 h. */
const T0 = new Date(Math.floor(Date.now() / 1000) * 1000);
const SWEEP_AT = new Date(T0.getTime() + 7 * HOUR);

interface Target {
  env: Record<string, string>;
  open(): Promise<DatabaseHandle>;
  remove(): Promise<void>;
}

async function target(): Promise<Target> {
  if (ON_POSTGRES) {
    const created = await createScratchDatabase(testDatabaseUrl(), 'hotline_test');
    return {
      env: { SWEEP_DB: 'postgres', DATABASE_URL: created.url },
      open: () => openDatabase({ kind: 'postgres', url: created.url, poolSize: 3 }),
      remove: created.drop,
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'hotline-sweep-kill-'));
  return {
    env: { SWEEP_DB: 'pglite', DATA_DIR: dir },
    open: () => openDatabase({ kind: 'pglite', dataDir: dir }),
    remove: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

let db: Target;
let street1 = 0;
let orderIds: number[] = [];

/** Seeds the district and ORDERS orders hosted by S01, each with its jobs; closes the database. */
async function prepare(): Promise<void> {
  const handle = await db.open();
  try {
    await migrate(handle.db);
    await seedBase(handle.db);
    await seedDemoIfEmpty(handle.db, { orders: 0, now: T0 });
    const unit = await handle.db
      .selectFrom('units')
      .select('id')
      .where('code', '=', 'S01')
      .executeTakeFirstOrThrow();
    street1 = (
      await handle.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'street1')
        .executeTakeFirstOrThrow()
    ).id;
    const rows = Array.from({ length: ORDERS }, () =>
      heldOrderRow(T0, {
        host_unit_id: unit.id,
        // 10 h: "24 h before" is not planned, "4 h before" falls due at +6 h, level 1 at +10 h
        deadline: new Date(T0.getTime() + 10 * HOUR),
      }),
    );
    orderIds = (
      await handle.db.insertInto('work_orders').values(rows).returning('id').execute()
    ).map((r) => r.id);
    for (const id of orderIds) await syncDeadlineJobs(handle.db, id);
  } finally {
    await handle.close();
  }
}

interface Line {
  event: 'committed' | 'midBatch';
  fired?: number;
  notices?: [number, number][];
  orderIds?: number[];
}

/** Starts sweep-node.ts; resolves with its lines up to and including the mid-batch one. */
function startSweeper(): { child: ChildProcess; midBatch: Promise<Line[]>; output: string[] } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/deadlines/sweep-node.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      ...db.env,
      SWEEP_NOW: SWEEP_AT.toISOString(),
      SWEEP_BATCH: String(BATCH),
      SWEEP_HANG_AT: String(HANG_AT),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const lines: Line[] = [];
  createInterface({ input: child.stderr! }).on('line', (l) => output.push(l));
  const midBatch = new Promise<Line[]>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (text) => {
      output.push(text);
      if (!text.startsWith('{')) return;
      const line = JSON.parse(text) as Line;
      lines.push(line);
      if (line.event === 'midBatch') resolve(lines);
    });
    child.on('exit', (code, signal) =>
      reject(
        new Error(`sweeper ended (${code ?? signal}) before mid-batch:\n${output.join('\n')}`),
      ),
    );
  });
  return { child, midBatch, output };
}

/** This test's node on the database: one batch of every due job at SWEEP_AT. */
async function survivor(handle: DatabaseHandle) {
  const { app, ctx } = await buildApp({
    db: handle.db,
    settings: testSettings(),
    sms: new SimulatedSmsProvider(),
    now: () => SWEEP_AT,
  });
  await app.ready();
  return {
    sweep: () => sweepDeadlines(ctx, { batch: 1000, maxBatches: 1 }),
    close: () => app.close(),
  };
}

async function reminderEvents(handle: DatabaseHandle): Promise<Map<number, number>> {
  const rows = await handle.db
    .selectFrom('order_events')
    .select(['order_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('action', '=', 'deadline_reminder')
    .groupBy('order_id')
    .execute();
  return new Map(rows.map((r) => [r.order_id, Number(r.n)]));
}

const pendingDue = async (handle: DatabaseHandle) =>
  Number(
    (
      await handle.db
        .selectFrom('deadline_jobs')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('done_at', 'is', null)
        .where('due_at', '<=', SWEEP_AT)
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  db = await target();
  await prepare();
}, 240_000);
afterAll(async () => {
  await db?.remove();
});

describe('a sweeping node killed with SIGKILL mid-batch', () => {
  it(
    ON_POSTGRES
      ? 'the other node skips its held batch, then takes it after the kill: each reminder once'
      : 'the node started again on the same data takes what was left: each reminder once',
    { timeout: 180_000 },
    async () => {
      const { child, midBatch } = startSweeper();
      const exited = new Promise<NodeJS.Signals | null>((resolve) =>
        child.on('exit', (_code, signal) => resolve(signal)),
      );
      let handle: DatabaseHandle | null = null;
      let node: Awaited<ReturnType<typeof survivor>> | null = null;
      try {
        const lines = await midBatch;
        const committed = lines.filter((l) => l.event === 'committed');
        expect(committed.map((l) => l.fired)).toEqual([BATCH, BATCH]);
        const held = lines.at(-1)!.orderIds!;
        expect(held).toHaveLength(BATCH);
        const notices = committed.flatMap((l) => l.notices!);

        if (ON_POSTGRES) {
          // The killed node's batch is open: another node skips it and takes the rest.
          handle = await db.open();
          node = await survivor(handle);
          const before = await node.sweep();
          expect(before.fired).toBe(ORDERS - (HANG_AT - 1) * BATCH - BATCH);
          notices.push(
            ...before.notices.map((n): [number, number] => [n.userId, n.notice.orderId]),
          );
          expect(before.notices.some((n) => held.includes(n.notice.orderId))).toBe(false);
          expect(await pendingDue(handle)).toBe(BATCH);
          const events = await reminderEvents(handle);
          expect(held.some((id) => events.has(id))).toBe(false);
        }

        child.kill('SIGKILL');
        expect(await exited).toBe('SIGKILL');

        if (!ON_POSTGRES) {
          // Restart: the embedded database recovers without the killed batch.
          handle = await db.open();
          node = await survivor(handle);
        }
        const h = handle!;
        // The server notices the dead connection and rolls its transaction back; until then
        // its rows stay locked and are skipped, so sweep until nothing due is left.
        await expect
          .poll(
            async () => {
              const r = await node!.sweep();
              notices.push(...r.notices.map((n): [number, number] => [n.userId, n.notice.orderId]));
              return pendingDue(h);
            },
            { timeout: 30_000, interval: 200 },
          )
          .toBe(0);

        // Nothing lost, nothing doubled: one reminder event per order, one notice per order
        // to the street handler, every job closed once.
        const events = await reminderEvents(h);
        expect(orderIds.map((id) => events.get(id) ?? 0)).toEqual(orderIds.map(() => 1));
        const toStreet = notices.filter(([userId]) => userId === street1).map(([, id]) => id);
        expect(toStreet.toSorted((a, b) => a - b)).toEqual(orderIds.toSorted((a, b) => a - b));
        const pairs = notices.map(([u, o]) => `${u}:${o}`);
        expect(new Set(pairs).size).toBe(pairs.length);
        const done = await h.db
          .selectFrom('deadline_jobs')
          .select(['attempts', (eb) => eb.fn.countAll<string>().as('n')])
          .where('offset_key', '=', 'handling:-4h')
          .groupBy('attempts')
          .execute();
        expect(done.map((d) => [d.attempts, Number(d.n)])).toEqual([[1, ORDERS]]);
      } finally {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        await node?.close();
        await handle?.close();
      }
    },
  );
});
