import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyTransition,
  openedOrder,
  type ActionInputs,
  type ActionName,
  type Actor,
  type LifecycleSettings,
  type OrderState,
  type StateCodes,
  type UnitKind,
} from '@hotline/domain';
import { actorFrom } from '../../src/modules/work-orders/actor';
import { loadWorkflowConfig } from '../../src/modules/work-orders/lifecycle-settings';
import type { Stage } from '../../src/seed/demo-timeline';
import { prepareOrderBuilder } from '../../src/seed/order-builder';
import { createRng } from '../../src/seed/random';
import { callers } from '../work-orders/reads-fixtures';
import {
  builtTrail,
  dbTrails,
  loadDemoOrg,
  type Trail,
  type TrailEvent,
} from '../support/seed-trails';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Demo and benchmark histories are the domain's: every seeded order's event trail, replayed
 * through `applyTransition` from the state its intake left, is allowed at every step, passes
 * through the recorded states and ends exactly in the stored order. Inputs come from where the
 * server keeps them: the assignments (dispatch), visits, requests and the event comments.
 * Inputs no table keeps are taken from the final row, where the last such step left them (the
 * reply's contacted/resolved flags, the recorded handler's name); the demo only ever marks key
 * appeals on.
 */

interface People {
  settings: LifecycleSettings;
  users: Map<number, Actor>;
  roleRules: Map<string, string[]>;
  unitKinds: Map<number, UnitKind>;
}

const HANDLER_ROLE: Partial<Record<UnitKind, string>> = {
  street: 'street',
  town: 'street',
  department: 'department',
};

let t: TestApp;
let people: People;

beforeAll(async () => {
  // The embedded demo's own size (server/src/main.ts).
  t = await createTestApp({ orders: 2000 });
  const who = await callers(t);
  const db = t.ctx.db;
  const roles = await db.selectFrom('auth_groups').select(['name', 'rules']).execute();
  const units = await db.selectFrom('units').select(['id', 'kind']).execute();
  people = {
    settings: await loadWorkflowConfig(db),
    users: new Map(Object.values(who).map((c) => [c.auth.userId, actorFrom(c.auth)])),
    roleRules: new Map(roles.map((r) => [r.name, r.rules])),
    unitKinds: new Map(units.map((u) => [u.id, u.kind as UnitKind])),
  };
});
afterAll(async () => {
  await t?.close();
});

/** State codes as text, whatever order their keys come in (jsonb sorts them). */
const codes = (c: StateCodes | null) =>
  c && `${c.status}/${c.mainOrgStatus}/${c.huifangState}/${c.needReviewStatus ?? '-'}`;

/** The order as the intake services create it: status 0, or 1 signed by its dispatcher. */
function opened(final: OrderState, intake: TrailEvent, settings: LifecycleSettings): OrderState {
  const signed = intake.to.status === 1;
  const { id, typeId, urgency, callTime } = final;
  const who = { createdBy: intake.actorId, signedBy: signed ? intake.actorId : null };
  return openedOrder({ id, typeId, urgency, callTime, at: intake.at, ...who }, settings);
}

/** The step's actor: a demo account, an unnamed handler of a host unit, or the system. */
function actorOf(e: TrailEvent): Actor {
  if (e.actorId !== null) {
    const user = people.users.get(e.actorId);
    if (!user) throw new Error(`unknown actor ${e.actorId}`);
    return user;
  }
  const unitKind = people.unitKinds.get(e.unitId ?? 0) ?? 'district';
  const role = e.action === 'sign' ? 'dispatcher' : HANDLER_ROLE[unitKind];
  const rules = people.roleRules.get(role ?? '') ?? [];
  return { userId: 0, name: '', unitId: e.unitId ?? 0, unitKind, admin: false, rules };
}

type Step = { [A in ActionName]: { action: A; input: ActionInputs[A] } }[ActionName];

function stepOf(e: TrailEvent, state: OrderState, trail: Trail): Step {
  const comment = e.comment;
  const at = (x: { at: Date }) => x.at.getTime() === e.at.getTime();
  const action = e.action as ActionName;
  switch (action) {
    case 'sign':
      return { action, input: {} };
    case 'refuse':
    case 'apply_return':
      return { action, input: { reason: comment } };
    case 'dispatch': {
      const d = trail.dispatches.find(at);
      if (!d) throw new Error('no assignment for the dispatch');
      const { hostUnitId, coHostUnitIds } = d;
      return { action, input: { hostUnitId, coHostUnitIds, comment } };
    }
    case 'host_sign':
      return { action, input: {} };
    case 'approve_return':
      return { action, input: { comment, toCity: e.to.status === 72 } };
    case 'reply':
      return {
        action,
        input: {
          content: comment,
          contacted: trail.final.replyContacted ?? false,
          resolved: trail.final.replyResolved ?? false,
        },
      };
    case 'visit': {
      const v = trail.visits[state.visitCount];
      if (!v) throw new Error('no visit record for the attempt');
      const reached = { hostContacted: v.hostContacted ?? undefined };
      const verdict = {
        resolved: v.resolved ?? undefined,
        satisfaction: v.satisfaction ?? undefined,
      };
      return { action, input: { reached: v.reached, ...reached, ...verdict, remark: comment } };
    }
    case 'key_appeal':
      return { action, input: { on: true, comment } };
    case 'apply_extension':
      return { action, input: { hours: trail.requests.find(at)?.hours ?? 0, reason: comment } };
    case 'apply_exclusion': {
      const tichuType = trail.requests.find(at)?.tichuType ?? '';
      return { action, input: { tichuType, reason: comment } };
    }
    case 'record_staff':
      return { action, input: { staff: trail.final.assignedStaff ?? '' } };
    case 'reject_reply':
    case 'approve_reply':
    case 'close':
    case 're_handle':
    case 'supervise':
    case 'approve_extension':
    case 'reject_extension':
    case 'approve_exclusion':
      return { action, input: { comment } };
    default:
      throw new Error(`the demo does not take '${e.action}'`);
  }
}

/** Replays one trail; returns what went wrong, or null. */
function replay(trail: Trail, seen: Set<string>): string | null {
  const [intake, ...steps] = trail.events;
  if (intake?.action !== 'intake' || intake.from !== null) return `${trail.id}: no intake first`;
  let state = opened(trail.final, intake, people.settings);
  if (codes(state) !== codes(intake.to)) return `${trail.id}: intake`;
  for (const [i, e] of steps.entries()) {
    const where = `order ${trail.id} step ${i + 1} ${e.action}`;
    const step = stepOf(e, state, trail);
    const { action } = step;
    const result = applyTransition(state, action, actorOf(e), step.input, e.at, people.settings);
    if (!result.ok) return `${where}: refused ${result.refusal.key}`;
    // The automatic sign is the system's: the domain signs, nobody claims (no system actor yet).
    const automatic = action === 'sign' && e.actorId === null;
    const recorded = [codes(e.from), codes(e.to), automatic ? '' : e.comment];
    const { from, to, comment } = result.event;
    const decided = [codes(from), codes(to), comment];
    if (JSON.stringify(decided) !== JSON.stringify(recorded)) {
      return `${where}: recorded ${JSON.stringify(recorded)}, domain ${JSON.stringify(decided)}`;
    }
    state = automatic ? { ...result.next, dispatcherId: state.dispatcherId } : result.next;
    seen.add(automatic ? 'system sign' : action);
  }
  expect(state, `order ${trail.id}`).toEqual(trail.final);
  return null;
}

/** Every action the demo takes, and the automatic sign: the replay is not vacuous. */
const DEMO_STEPS = [
  'sign',
  'system sign',
  'refuse',
  'dispatch',
  'host_sign',
  'record_staff',
  'apply_return',
  'approve_return',
  'reply',
  'reject_reply',
  'approve_reply',
  'visit',
  'close',
  're_handle',
  'key_appeal',
  'supervise',
  'apply_extension',
  'approve_extension',
  'reject_extension',
  'apply_exclusion',
  'approve_exclusion',
];

describe('seeded histories replay through the domain', () => {
  it('every demo order, from its intake to its stored row', async () => {
    const trails = await dbTrails(t.ctx.db);
    expect(trails).toHaveLength(2000);
    const seen = new Set<string>();
    const failures = trails.map((trail) => replay(trail, seen)).filter((f) => f !== null);
    expect(failures.slice(0, 10)).toEqual([]);
    expect(DEMO_STEPS.filter((a) => !seen.has(a))).toEqual([]);
  });

  it('the benchmark generator builds its orders the same way', async () => {
    // bench/src/generate.ts: the demo's order builder over a 5-year span, one generator per
    // order; every stage here, whatever the benchmark's shares.
    const org = await loadDemoOrg(t.ctx.db);
    const builder = await prepareOrderBuilder(t.ctx.db, org, createRng(20261121), {
      now: t.ctx.now(),
      terminalSpanDays: 5 * 365,
    });
    const stages: Stage[] = [
      ...['unsigned', 'refused', 'signed', 'hostPending', 'handling', 'rejectedBack'],
      ...['returnApproved', 'replyReview', 'returnReview', 'returnedToCity', 'replied', 'closed'],
    ] as Stage[];
    const seen = new Set<string>();
    const failures: string[] = [];
    for (let i = 0; i < 600; i++) {
      const stage = stages[i % stages.length] ?? 'closed';
      const trail = builtTrail(i + 1, builder.build(stage, createRng(7919 * i + 1)));
      const failure = replay(trail, seen);
      if (failure) failures.push(failure);
    }
    expect(failures.slice(0, 10)).toEqual([]);
    expect(seen.has('dispatch') && seen.has('visit') && seen.has('re_handle')).toBe(true);
  });
});
