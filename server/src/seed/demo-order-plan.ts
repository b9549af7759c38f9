import type { DeadlineBucket, ExtensionPlan, Scenario, SimResult, Stage } from './demo-timeline';
import { DAY_MS, HOUR_MS, MINUTE_MS, type Rng } from './random';

/**
 * Which states the demo orders end in, and when. About 60% are closed and spread over the last
 * 18 months; the open ones are recent, and enough of them sit in each queue of
 * packages/domain/src/queues.ts to make every badge and list worth looking at.
 */

/** Share of the orders per final stage; 'closed' takes the rest. */
const OPEN_SHARES: readonly (readonly [Stage, number])[] = [
  ['unsigned', 0.03],
  ['refused', 0.02],
  ['returnedToCity', 0.02],
  ['signed', 0.025],
  ['hostPending', 0.045],
  ['handling', 0.075],
  ['rejectedBack', 0.035],
  ['returnApproved', 0.015],
  ['replyReview', 0.04],
  ['returnReview', 0.03],
  // A reached visit closes the order: every replied order still awaits its visit.
  ['replied', 0.078],
];

const TERMINAL: ReadonlySet<Stage> = new Set(['closed', 'refused', 'returnedToCity']);
const REPLYING: ReadonlySet<Stage> = new Set(['replyReview', 'rejectedBack', 'replied', 'closed']);
const DEADLINE_STAGES: ReadonlySet<Stage> = new Set([
  'handling',
  'rejectedBack',
  'replyReview',
  'returnReview',
]);

/** The final stage of each of `count` orders, in a shuffled order. */
export function planStages(rng: Rng, count: number): Stage[] {
  const stages: Stage[] = [];
  for (const [stage, share] of OPEN_SHARES) {
    const n = Math.min(Math.round(share * count), count - stages.length);
    for (let i = 0; i < n; i++) stages.push(stage);
  }
  while (stages.length < count) stages.push('closed');
  return rng.sample(stages, stages.length);
}

export function makeScenario(rng: Rng, stage: Stage): Scenario {
  const p = (shares: Partial<Record<Stage, number>>): boolean => rng.chance(shares[stage] ?? 0);
  const huifang =
    stage === 'replied'
      ? rng.weighted<Scenario['huifang']>([
          [2, 45],
          [11, 15],
          [12, 10],
          [13, 8],
        ])
      : rng.chance(0.04)
        ? 13
        : 1;
  return {
    stage,
    huifang,
    secondVisit: p({
      closed: 0.03,
      replied: 0.05,
      hostPending: 0.1,
      handling: 0.08,
      replyReview: 0.05,
    }),
    returnCycle: p({
      closed: 0.04,
      replied: 0.03,
      hostPending: 0.1,
      handling: 0.08,
      replyReview: 0.05,
      rejectedBack: 0.05,
    }),
    rejectCycle: p({ closed: 0.04, replied: 0.04 }),
    deadline: DEADLINE_STAGES.has(stage)
      ? rng.weighted<DeadlineBucket>([
          ['overdue', 15],
          ['yesterday', 10],
          ['within8h', 15],
          ['within2d', 20],
          ['later', 40],
        ])
      : null,
    signedToday: stage === 'signed' && rng.chance(0.7),
    keyAppeal: rng.chance(TERMINAL.has(stage) ? 0.03 : 0.1),
    supervise: rng.chance(TERMINAL.has(stage) ? 0.02 : 0.04),
    extension: extensionPlan(rng, stage),
    exclusion: stage === 'closed' && rng.chance(0.05),
  };
}

/** Extensions: some pending or granted while handling, and a few in finished histories. */
function extensionPlan(rng: Rng, stage: Stage): ExtensionPlan {
  if (stage === 'handling') {
    return rng.weighted<ExtensionPlan>([
      ['pending', 10],
      ['approved', 5],
      [null, 85],
    ]);
  }
  if (!REPLYING.has(stage)) return null;
  return rng.weighted<ExtensionPlan>([
    ['approved', 3],
    ['rejected', 1],
    [null, 96],
  ]);
}

/** The order source (`typeId`) that can reach `stage`: refusals and returns go to the city. */
export function pickTypeId(rng: Rng, stage: Stage): number {
  if (stage === 'refused' || stage === 'returnedToCity') {
    return rng.weighted([
      [1, 90],
      [7, 10],
    ]);
  }
  if (stage === 'unsigned') {
    return rng.weighted([
      [1, 85],
      [7, 5],
      [5, 10],
    ]);
  }
  return rng.weighted([
    [1, 75],
    [5, 10],
    [7, 9],
    [8, 2],
    [9, 2],
    [10, 2],
  ]);
}

/** How far before `now` the order's last step happened, for stages not placed by deadline. */
function lastStepAge(
  rng: Rng,
  sc: Scenario,
  now: number,
  todayStart: number,
  spanDays: number,
): number {
  // Terminal orders: over the span (~18 months for the demo), denser towards the present.
  if (TERMINAL.has(sc.stage)) return DAY_MS + Math.pow(rng.next(), 1.3) * spanDays * DAY_MS;
  switch (sc.stage) {
    case 'unsigned':
      return rng.hours(0.05, 28);
    case 'signed':
      return sc.signedToday
        ? rng.float(MINUTE_MS, Math.max(MINUTE_MS, Math.min(now - todayStart, 10 * HOUR_MS)))
        : rng.hours(1, 30);
    case 'hostPending':
      return rng.hours(0.1, 30);
    case 'returnApproved':
    case 'returnReview':
      return rng.hours(0.5, 40);
    case 'replied':
      return rng.hours(0.5, 60);
    default:
      return rng.hours(0.5, 72);
  }
}

function deadlineTarget(
  rng: Rng,
  bucket: DeadlineBucket,
  now: number,
  todayStart: number,
): number | null {
  switch (bucket) {
    case 'overdue':
      return now - rng.hours(1, 200);
    case 'yesterday':
      return todayStart - DAY_MS + rng.float(0, DAY_MS);
    case 'within8h':
      return now + rng.hours(0.3, 7.8);
    case 'within2d': {
      // Up to 23:59:59 of tomorrow, past the 8-hour window.
      const lo = now + 8 * HOUR_MS;
      const hi = todayStart + 2 * DAY_MS - 1000;
      return hi > lo ? rng.float(lo, hi) : now + rng.hours(0.3, 7.8);
    }
    case 'later':
      return null;
  }
}

/** The offset that turns the simulation's relative times into real ones. */
export function timeShift(
  rng: Rng,
  sc: Scenario,
  sim: SimResult,
  now: number,
  todayStart: number,
  terminalSpanDays = 539,
): number {
  const target = sc.deadline ? deadlineTarget(rng, sc.deadline, now, todayStart) : null;
  const deadline = sim.state.deadline?.getTime() ?? null;
  if (target !== null && deadline !== null) {
    const shift = target - deadline;
    // A deadline the steps cannot reach before `now` falls back to a recent order.
    if (sim.last + shift < now - 5 * MINUTE_MS) return shift;
  }
  return now - lastStepAge(rng, sc, now, todayStart, terminalSpanDays) - sim.last;
}
