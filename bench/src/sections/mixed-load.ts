import { resetStatements, statementsUnavailable, topStatements } from '../lib/pg-stat-statements';
import { Tally as Latencies } from '../lib/route-stats';
import { call, type Envelope } from '../lib/server';
import { ms, summarize } from '../lib/stats';
import { sampleWaits } from '../lib/wait-events';
import {
  loadConsoleRequests,
  pickClick,
  replayClick,
  replayWorld,
  routeKey,
  type ConsoleState,
} from './console-replay';
import type { BenchContext, ResultRow } from './context';

/**
 * Section 7: 200 simulated users browse their queues while 20 move orders through the lifecycle
 * (dispatchers sign and dispatch, a street signs and replies, reviewers approve, call-back
 * staff visit), for a bounded time on loopback. Browsing replays the console (`console`, the
 * default): each click sends every request the console sends for it (console-replay.ts); or the
 * synthetic mix of earlier runs (`synthetic`: one request per click — counts, a queue page
 * without its total, a detail, a search). Errors are answers ≥ 500 and failed requests; refusals
 * (4xx) are counted apart — the actors share out the orders so none should occur. Prints the
 * latency of each route and each kind of click, and PostgreSQL's top statements when
 * pg_stat_statements is loaded.
 */
const BROWSERS = [
  'dispatcher',
  'reviewer',
  'visitor',
  'leader',
  'street1',
  'street2',
  'town1',
  'dept1',
  'dept2',
  'admin',
];
const TERMS = ['小区', '漏水', '物业费', '噪音扰民', '停车位', '路灯'];

export type Replay = 'console' | 'synthetic';

interface Tally {
  latencies: number[];
  routes: Latencies;
  clicks: Latencies;
  errors: number;
  /** What failed: the path, its body and the answer, so a 504 names its list. */
  errorKinds: Map<string, number>;
  refusals: Map<string, number>;
  actions: number;
}

const sleep = (msec: number) => new Promise((r) => setTimeout(r, msec));

/** Pauses between a browsing user's clicks, ms: a stress pace and a working pace. */
export const PACES = {
  stress: { min: 200, max: 1000 },
  working: { min: 2000, max: 8000 },
} as const;

export async function mixedLoad(
  ctx: BenchContext,
  seconds: number,
  pace: keyof typeof PACES = 'stress',
  replay: Replay = 'console',
  browsers = 200,
  actors = 20,
  actorsPaced = false,
): Promise<ResultRow> {
  const think = PACES[pace];
  /** A paced actor pauses like a browsing user between its clicks (reading the queue, each
   * step); an unpaced one acts on order after order as fast as the server answers. */
  const actorPause = () =>
    actorsPaced ? sleep(think.min + Math.random() * (think.max - think.min)) : undefined;
  const tally: Tally = {
    latencies: [],
    routes: new Latencies(),
    clicks: new Latencies(),
    errors: 0,
    errorKinds: new Map(),
    refusals: new Map(),
    actions: 0,
  };
  const until = Date.now() + seconds * 1000;
  const timed = async <T>(
    path: string,
    token: string,
    body?: unknown,
  ): Promise<Envelope<T> | null> => {
    const start = performance.now();
    try {
      const r = await call<T>(ctx.base, token, path, body);
      const took = performance.now() - start;
      tally.latencies.push(took);
      tally.routes.add(routeKey(path, body), took);
      if (r.code >= 500) {
        tally.errors += 1;
        const key = `${path} ${JSON.stringify(body ?? null)} → ${r.code} ${r.msg}`.slice(0, 400);
        tally.errorKinds.set(key, (tally.errorKinds.get(key) ?? 0) + 1);
      } else if (r.code !== 200) {
        const key = `${path} ${r.code} ${r.msg}`.slice(0, 160);
        tally.refusals.set(key, (tally.refusals.get(key) ?? 0) + 1);
      }
      return r;
    } catch (error) {
      tally.errors += 1;
      const key = `${path} ${JSON.stringify(body ?? null)} → ${(error as Error).message}`;
      tally.errorKinds.set(key, (tally.errorKinds.get(key) ?? 0) + 1);
      return null;
    }
  };
  const menus = new Map<string, string[]>();
  for (const user of BROWSERS) {
    const r = await call<{ counts: Record<string, number> }>(
      ctx.base,
      ctx.tokens[user] as string,
      '/addons/jsjb/lists/counts',
      {},
    );
    menus.set(user, Object.keys(r.data.counts));
  }

  const clicks = replay === 'console' ? loadConsoleRequests().clicks : [];
  const world =
    replay === 'console' ? await replayWorld(ctx.base, ctx.tokens.admin as string, TERMS) : null;
  const browseConsole = async (n: number) => {
    if (!world) return;
    const user = BROWSERS[n % BROWSERS.length] as string;
    const queues = menus.get(user) ?? [];
    const opens = clicks.filter((c) => c.kind === 'open-queue');
    const state: ConsoleState = {
      user,
      token: ctx.tokens[user] as string,
      queues,
      menuId: queues[0] ?? '',
      rows: [],
      total: null,
      pageSize: 10,
    };
    const pause = () => sleep(think.min + Math.random() * (think.max - think.min));
    // users arrive over one pause, not all at once; the first click opens a queue
    await pause();
    let click = pickClick(opens, user);
    while (Date.now() < until) {
      const start = performance.now();
      // a click the state cannot fill (no rows to open, a queue of one page) is drawn again
      let sent = await replayClick(click.kind, click.variant, state, world, timed);
      for (let tries = 0; !sent && tries < 5; tries++) {
        click = pickClick(clicks, user);
        sent = await replayClick(click.kind, click.variant, state, world, timed);
      }
      if (!sent) {
        click = pickClick(opens, user);
        await replayClick(click.kind, click.variant, state, world, timed);
      }
      tally.clicks.add(click.kind, performance.now() - start);
      await pause();
      click = pickClick(clicks, user);
    }
  };

  const browse = async (n: number) => {
    const user = BROWSERS[n % BROWSERS.length] as string;
    const token = ctx.tokens[user] as string;
    const queues = menus.get(user) ?? [];
    let lastIds: number[] = [];
    while (Date.now() < until) {
      const roll = Math.random();
      if (roll < 0.2) await timed('/addons/jsjb/lists/counts', token, {});
      else if (roll < 0.7 && queues.length > 0) {
        const menuId = queues[Math.floor(Math.random() * queues.length)];
        const r = await timed<{ list: { id: number; status: number }[] }>(
          '/addons/jsjb/lists/search',
          token,
          {
            menuId,
            pageSize: 20,
          },
        );
        lastIds = r?.data?.list?.map((o) => o.id) ?? lastIds;
      } else if (roll < 0.9 && lastIds.length > 0) {
        await timed('/addons/jsjb/lists/detail', token, {
          id: lastIds[Math.floor(Math.random() * lastIds.length)],
        });
      } else {
        await timed('/addons/jsjb/lists/searchEs', token, {
          keyword: TERMS[Math.floor(Math.random() * TERMS.length)],
          pageSize: 20,
        });
      }
      await sleep(think.min + Math.random() * (think.max - think.min));
    }
  };

  const streetUnit = (
    await call<{ info: { officeId: number } }>(
      ctx.base,
      ctx.tokens.street1 as string,
      '/user/userInfo',
    )
  ).data.info.officeId;
  const roles: {
    user: string;
    queue: string;
    /** The status an order of the queue must have for the steps (a queue may mix states). */
    status: number;
    /** Call-back states the steps accept (the visit queue also lists orders whose three
     * attempts failed: those are closed, not visited again). */
    huifang?: number[];
    steps: (id: number) => [string, Record<string, unknown>][];
  }[] = [
    {
      user: 'dispatcher',
      queue: 'qu_dqs',
      status: 0,
      steps: (id) => [
        ['/addons/jsjb/cy/a5HandleOrderSignInCy', { id, signType: 1 }],
        [
          '/addons/jsjb/org/submitHandleOrgInfo',
          { id, hostUnitId: streetUnit, comment: '请按期办理' },
        ],
      ],
    },
    {
      user: 'street1',
      queue: 'jd_dqs',
      status: 1,
      steps: (id) => [
        ['/addons/jsjb/Ft/signInFt', { id }],
        [
          '/addons/jsjb/lists/submitHandleResult',
          { id, content: '已现场核实并处理完毕，已电话告知来电人。', contacted: 1, resolved: 1 },
        ],
      ],
    },
    {
      user: 'reviewer',
      queue: 'qu_shz',
      status: 11,
      steps: (id) => [['/addons/jsjb/district/reply', { id, pass: 1 }]],
    },
    {
      user: 'visitor',
      queue: 'hf_dhf',
      status: 91,
      huifang: [2, 11, 12],
      steps: (id) => [
        [
          '/addons/jsjb/updateHuifangSjs',
          { id, reached: 1, hostContacted: 1, resolved: 1, satisfaction: 'satisfied' },
        ],
      ],
    },
  ];
  const act = async (n: number) => {
    const role = roles[n % roles.length] as (typeof roles)[number];
    const share = Math.floor(n / roles.length);
    const shares = Math.ceil(actors / roles.length);
    const token = ctx.tokens[role.user] as string;
    while (Date.now() < until) {
      await actorPause(); // reading the queue is a click too
      if (Date.now() >= until) break;
      const r = await timed<{ list: { id: number; status: number; huifangState: number }[] }>(
        '/addons/jsjb/lists/search',
        token,
        {
          menuId: role.queue,
          pageSize: 100,
        },
      );
      const mine = (r?.data?.list ?? []).filter(
        (o) =>
          o.id % shares === share &&
          o.status === role.status &&
          (!role.huifang || role.huifang.includes(o.huifangState)),
      );
      if (mine.length === 0) {
        if (!actorsPaced) await sleep(500);
        continue;
      }
      for (const o of mine.slice(0, 5)) {
        for (const [path, body] of role.steps(o.id)) {
          await actorPause();
          if (Date.now() >= until) break;
          const done = await timed(path, token, body);
          if (done?.code === 200) tally.actions += 1;
          else break;
        }
        if (Date.now() >= until) break;
      }
    }
  };

  const noStatements = await statementsUnavailable(ctx.sql);
  if (!noStatements) await resetStatements(ctx.sql);
  const waits = await sampleWaits(ctx.databaseUrl);
  const started = performance.now();
  await Promise.all([
    ...Array.from({ length: browsers }, (_, i) =>
      replay === 'console' ? browseConsole(i) : browse(i),
    ),
    ...Array.from({ length: actors }, (_, i) => act(i)),
  ]);
  const actorPace = actorsPaced ? 'actors paced alike' : 'actors unpaced';
  const elapsed = (performance.now() - started) / 1000;
  const waitLines = await waits.stop();
  const s = summarize(tally.latencies);
  const refusals = [...tally.refusals.values()].reduce((a, b) => a + b, 0);
  const perClick = summarize(tally.clicks.all());
  const clickFigure =
    replay === 'console'
      ? `; ${perClick.n} clicks, click p50 ${ms(perClick.p50)} / p95 ${ms(perClick.p95)} ms`
      : '';
  ctx.log(
    `  mixed load (${replay} replay) ${seconds} s, ${pace} pace (${think.min / 1000}–${think.max / 1000} s between clicks, ${actorPace}): ${s.n} requests (${(s.n / elapsed).toFixed(0)}/s), ${tally.actions} actions, ` +
      `p50 ${ms(s.p50)} p95 ${ms(s.p95)} p99 ${ms(s.p99)} ms, errors ${tally.errors}, refusals ${refusals}${clickFigure}`,
  );
  for (const [key, n] of tally.errorKinds) ctx.log(`    error ×${n}: ${key}`);
  for (const [key, n] of tally.refusals) ctx.log(`    refusal ×${n}: ${key}`);
  for (const line of tally.routes.table(`per route (${replay}, ${pace} pace)`))
    ctx.log(`    ${line}`);
  if (replay === 'console')
    for (const line of tally.clicks.table('per click (all its requests)')) ctx.log(`    ${line}`);
  ctx.log('    what the busy backends waited for (pg_stat_activity every 200 ms):');
  for (const line of waitLines) ctx.log(`      ${line}`);
  if (noStatements) ctx.log(`    pg_stat_statements: ${noStatements}; see bench/README.md`);
  else {
    ctx.log('    top statements by total time (pg_stat_statements):');
    for (const line of await topStatements(ctx.sql)) ctx.log(`      ${line}`);
  }
  return {
    section: '7. mixed load',
    case: `${browsers} browsing (${replay} replay) + ${actors} acting, ${seconds} s, ${pace} pace (${think.min / 1000}–${think.max / 1000} s between clicks, ${actorPace})`,
    figure: `${(s.n / elapsed).toFixed(0)} req/s, ${tally.actions} actions; p50 ${ms(s.p50)} / p95 ${ms(s.p95)} / p99 ${ms(s.p99)} ms${clickFigure}`,
    floor: `errors ${tally.errors}, refusals ${refusals}`,
    ratio: '',
    target: 'zero errors',
    verdict: tally.errors === 0 ? 'met' : 'missed',
  };
}
