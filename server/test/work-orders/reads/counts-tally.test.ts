import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../../support/api';
import {
  HOUR,
  JSJB,
  act,
  advance,
  codesOf,
  must,
  newOrder,
  world,
  type Who,
  type World,
} from '../../support/lifecycle';
import { TEST_DB, createTestApp } from '../../support/test-app';
import { validIntake } from '../../intake/intake-fixtures';
import { emptiedHours, recounted, tallied } from './counts-recount';

/**
 * The queue tallies of migration 015 equal a GROUP BY of the orders (recomputed in
 * TypeScript) after the demo seed, after a random walk of real actions through the API —
 * dispatches with co-hosts, re-dispatches that drop them, claims, returns, requests, reviews,
 * visits, key appeals, merges, intake — after actions running at once, and after direct
 * writes, deletes included.
 */

let w: World;
const HOSTS: readonly [string, Who][] = [
  ['S01', 'street1'],
  ['S02', 'street2'],
  ['T01', 'town1'],
  ['B01', 'dept1'],
  ['B02', 'dept2'],
];

beforeAll(async () => {
  w = await world(await createTestApp({ orders: 120 }));
});
afterAll(async () => {
  await w?.t.close();
});

async function expectTalliesExact() {
  const db = w.t.ctx.db;
  const [got, want] = await Promise.all([tallied(db), recounted(db)]);
  expect(got.states).toEqual(want.states);
  expect(got.clocks).toEqual(want.clocks);
  expect(await emptiedHours(db)).toBe(0);
}

/** A seeded generator: the walk is the same on every run. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe(`queue tallies ≡ GROUP BY over the orders (${TEST_DB})`, () => {
  it('after the demo seed', async () => {
    await expectTalliesExact();
    const n = await w.t.ctx.db
      .selectFrom('queue_tallies')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('role', '=', 'c')
      .executeTakeFirstOrThrow();
    expect(Number(n.n), 'the demo holds co-hosted orders').toBeGreaterThan(0);
  });

  it('after a random walk of real actions', async () => {
    const random = prng(20261124);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
    const ids: number[] = [];
    for (let i = 0; i < 16; i++)
      ids.push(
        await newOrder(w.t, { urgency: pick(['general', 'utility', 'emergency', 'complex']) }),
      );
    for (let i = 0; i < 3; i++) {
      const r = await post<{ id: number }>(
        w.t,
        `${JSJB}/redaction/insert`,
        await validIntake(w.t),
        {
          token: w.tokens.agent,
        },
      );
      expect(r.code, r.msg).toBe(200);
    }
    ids.push(
      ...(
        await w.t.ctx.db
          .selectFrom('work_orders')
          .select('id')
          .where('created_by', '=', w.users.agent)
          .execute()
      ).map((r) => Number(r.id)),
    );
    const done = new Map<string, number>();
    const unitsOther = (but: string) =>
      HOSTS.map(([c]) => c).filter((c) => c !== but && random() < 0.35);
    for (let step = 0; step < 120; step++) {
      if (step % 30 === 29) await advance(w, 11 * HOUR); // signs and deadlines over several days
      const id = pick(ids);
      const codes = await codesOf(w.t, id);
      const row = await w.t.ctx.db
        .selectFrom('work_orders')
        .select(['host_unit_id'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const host = HOSTS.find(([c]) => w.units[c] === row.host_unit_id)?.[1] ?? 'street1';
      const { status, mainOrgStatus: main, needReviewStatus: review } = codes;
      const options: [Who, string, Record<string, unknown>][] = [];
      const hostCode = pick(HOSTS)[0];
      const dispatch: [Who, string, Record<string, unknown>] = [
        'dispatcher',
        'org/submitHandleOrgInfo',
        {
          hostUnitId: w.units[hostCode],
          coHostUnitIds: unitsOther(hostCode).map((c) => w.units[c]),
        },
      ];
      if (status === 0) {
        options.push(['dispatcher', 'cy/a5HandleOrderSignInCy', { signType: 1 }]);
        if (random() < 0.1)
          options.push([
            'dispatcher',
            'cy/a5HandleOrderSignInCy',
            { signType: 2, reason: '非本区' },
          ]);
      }
      if (status === 1 && (main === -1 || main === 71)) {
        options.push(dispatch, dispatch, ['dispatcher', 'lists/recordHandlingPerson', {}]);
      }
      if (status === 0 || status === 1) {
        if (random() < 0.15)
          options.push([
            'dispatcher',
            'handleGatherAppeal',
            { intoId: pick(ids), comment: '重复' },
          ]);
        options.push(['dispatcher', 'handleImportantAppeal', { on: random() < 0.5 ? 1 : 0 }]);
      }
      if (status === 1 && main === 0)
        options.push([host, 'Ft/signInFt', {}], [host, 'Ft/signInFt', {}]);
      if (status === 1 && main === 1 && review === null) {
        options.push(
          [
            host,
            'town/updateProResult',
            { content: '已处理', contacted: 1, resolved: random() < 0.7 ? 1 : 0 },
          ],
          [host, 'org/handleBackOrgUpdate', { reason: '不属于本单位' }],
          [host, 'Approve/applyExtension', { hours: 24, reason: '需要协调' }],
        );
      }
      if (review === 1) {
        const pass = random() < 0.6;
        options.push([
          'reviewer',
          'Approve/approvalExtraCheck',
          pass ? { pass: 1 } : { pass: 0, comment: '理由不足' },
        ]);
      }
      if (status === 11) {
        const pass = random() < 0.7;
        options.push([
          'reviewer',
          'district/reply',
          pass ? { pass: 1 } : { pass: 0, comment: '答复不全' },
        ]);
      }
      if (status === 12) {
        const pass = random() < 0.7;
        options.push([
          'reviewer',
          'Approve/feedbackInformation',
          pass
            ? { pass: 1, toCity: random() < 0.3 ? 1 : 0 }
            : { pass: 0, comment: '应由本单位办理' },
        ]);
      }
      if (status === 91) {
        const reached = random() < 0.7;
        options.push([
          'visitor',
          'updateHuifangSjs',
          reached
            ? {
                reached: 1,
                hostContacted: 1,
                resolved: random() < 0.7 ? 1 : 0,
                satisfaction: 'satisfied',
              }
            : { reached: 0 },
        ]);
      }
      if (options.length === 0) continue;
      const [who, path, body] = pick(options);
      const reply = await act(w, who, path, { id, ...body });
      expect(reply.status, `${who} ${path}: ${reply.msg}`).toBeLessThan(500);
      if (reply.code === 200) done.set(path, (done.get(path) ?? 0) + 1);
      if (step % 30 === 14) await expectTalliesExact();
    }
    await expectTalliesExact();
    // Not vacuous: the walk moved orders through most kinds of step.
    expect([...done.keys()].length, JSON.stringify([...done])).toBeGreaterThanOrEqual(9);
    expect(done.get('org/submitHandleOrgInfo') ?? 0).toBeGreaterThan(3);
  }, 300_000);

  it('co-hosts added, changed and dropped by re-dispatching', async () => {
    const id = await newOrder(w.t);
    await must(act(w, 'dispatcher', 'cy/a5HandleOrderSignInCy', { id, signType: 1 }));
    const { S01, S02, B01, T01 } = w.units as Record<string, number>;
    await must(
      act(w, 'dispatcher', 'org/submitHandleOrgInfo', {
        id,
        hostUnitId: S01,
        coHostUnitIds: [S02, B01],
      }),
    );
    await expectTalliesExact();
    await must(act(w, 'street1', 'Ft/signInFt', { id }));
    await must(act(w, 'street1', 'org/handleBackOrgUpdate', { id, reason: '不属于本街道' }));
    await must(act(w, 'reviewer', 'Approve/feedbackInformation', { id, pass: 1 }));
    // The former co-host becomes the host; the other co-host goes, a new one comes.
    await must(
      act(w, 'dispatcher', 'org/submitHandleOrgInfo', {
        id,
        hostUnitId: S02,
        coHostUnitIds: [T01],
      }),
    );
    await expectTalliesExact();
    await must(act(w, 'street2', 'Ft/signInFt', { id }));
    await must(act(w, 'street2', 'org/handleBackOrgUpdate', { id, reason: '不属于本街道' }));
    await must(act(w, 'reviewer', 'Approve/feedbackInformation', { id, pass: 1 }));
    await must(act(w, 'dispatcher', 'org/submitHandleOrgInfo', { id, hostUnitId: B01 }));
    const row = await w.t.ctx.db
      .selectFrom('work_orders')
      .select('co_host_unit_ids')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.co_host_unit_ids).toEqual([]);
    await expectTalliesExact();
  });

  it('a merge closes the merged order', async () => {
    const into = await newOrder(w.t);
    const merged = await newOrder(w.t);
    await must(act(w, 'dispatcher', 'cy/a5HandleOrderSignInCy', { id: merged, signType: 1 }));
    await must(act(w, 'dispatcher', 'handleGatherAppeal', { id: merged, intoId: into }));
    expect((await codesOf(w.t, merged)).status).toBe(92);
    await expectTalliesExact();
  });

  it('actions running at once on orders of the same groups: no deadlock, no drift', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) ids.push(await newOrder(w.t));
    const signs = await Promise.all(
      ids.map((id, i) =>
        act(w, i % 2 ? 'dispatcher' : 'admin', 'cy/a5HandleOrderSignInCy', { id, signType: 1 }),
      ),
    );
    expect(signs.map((r) => r.status)).toEqual(ids.map(() => 200));
    // Opposite moves between two hosts' groups at once.
    const { S01, S02 } = w.units as Record<string, number>;
    const dispatched = await Promise.all(
      ids.map((id, i) =>
        act(w, 'dispatcher', 'org/submitHandleOrgInfo', {
          id,
          hostUnitId: i % 2 ? S01 : S02,
          coHostUnitIds: [i % 2 ? S02 : S01],
        }),
      ),
    );
    expect(dispatched.map((r) => r.status)).toEqual(ids.map(() => 200));
    const signed = await Promise.all(
      ids.map((id, i) => act(w, i % 2 ? 'street1' : 'street2', 'Ft/signInFt', { id })),
    );
    expect(signed.map((r) => r.status)).toEqual(ids.map(() => 200));
    await expectTalliesExact();
  });

  it('direct writes: key columns, a change of nothing counted, inserts and deletes', async () => {
    const db = w.t.ctx.db;
    await sql`UPDATE work_orders SET status = 92, main_org_status = 72 WHERE id IN (SELECT id FROM work_orders WHERE status = 1 ORDER BY id LIMIT 5)`.execute(
      db,
    );
    await sql`UPDATE work_orders SET host_unit_id = NULL WHERE id IN (SELECT id FROM work_orders WHERE host_unit_id IS NOT NULL ORDER BY id DESC LIMIT 3)`.execute(
      db,
    );
    await sql`UPDATE work_orders SET type_id = 8, title = title || '' WHERE id IN (SELECT id FROM work_orders WHERE type_id = 1 ORDER BY id LIMIT 4)`.execute(
      db,
    );
    await sql`UPDATE work_orders SET co_host_unit_ids = co_host_unit_ids || host_unit_id || host_unit_id WHERE id IN (SELECT id FROM work_orders WHERE host_unit_id IS NOT NULL ORDER BY id LIMIT 3)`.execute(
      db,
    );
    await sql`UPDATE work_orders SET deadline = deadline + interval '90 minutes' WHERE status = 1 AND main_org_status IN (0, 1)`.execute(
      db,
    );
    await sql`UPDATE work_orders SET remarks = 'no key change' WHERE id < 50`.execute(db);
    await sql`INSERT INTO work_orders (order_num, title, major_content, call_time, type_id, status, main_org_status, host_unit_id, co_host_unit_ids, system_sign_time, deadline)
              SELECT 'X' || order_num, title, major_content, call_time, type_id, status, main_org_status, host_unit_id, co_host_unit_ids, system_sign_time, deadline
                FROM work_orders ORDER BY id LIMIT 40`.execute(db);
    await sql`DELETE FROM work_orders WHERE order_num LIKE 'X%' AND id % 2 = 0`.execute(db);
    await expectTalliesExact();
  });

  it('rebuild_queue_tallies() rebuilds the same tallies', async () => {
    const db = w.t.ctx.db;
    const before = await tallied(db);
    await sql`SELECT rebuild_queue_tallies()`.execute(db);
    expect(await tallied(db)).toEqual(before);
    await expectTalliesExact();
  });
});
