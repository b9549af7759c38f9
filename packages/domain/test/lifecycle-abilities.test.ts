/**
 * availableActions (the console's buttons) against applyTransition, over every fixture, every
 * actor and both kinds of host, with and without locks: a listed action must succeed with a
 * valid input (a button that always fails is a bug), and an action that succeeds must be listed.
 */
import { describe, expect, it } from 'vitest';
import { availableActions } from '../src/lifecycle/apply';
import { ACTIONS, type ActionName } from '../src/lifecycle/names';
import type { OrderState } from '../src/lifecycle/types';
import { ACTORS, ACTOR_NAMES } from './support/actors';
import { frozenFixtures, NOW, UNIT } from './support/fixtures';
import { act, VALID } from './support/run';

const LOCK_UNTIL = new Date(NOW.getTime() + 10 * 60_000);
const EXPIRED = new Date(NOW.getTime() - 1);

/** Every fixture, hosted by a street and by a department, unlocked and locked three ways. */
function worlds(): [string, OrderState][] {
  const all: [string, OrderState][] = [];
  for (const host of [UNIT.hostStreet, UNIT.hostDept]) {
    for (const [name, o] of frozenFixtures(host)) {
      const tag = `${name}@${host}`;
      all.push([tag, o]);
      all.push([
        `${tag} locked by dispatcher`,
        { ...o, lock: { userId: 2, userName: '派单员', expiresAt: LOCK_UNTIL } },
      ]);
      all.push([
        `${tag} locked by host`,
        { ...o, lock: { userId: 7, userName: '街道承办人', expiresAt: LOCK_UNTIL } },
      ]);
      all.push([
        `${tag} expired lock`,
        { ...o, lock: { userId: 3, userName: '审核员', expiresAt: EXPIRED } },
      ]);
    }
  }
  return all;
}

/** The input that suits the order: dispatch to its own host kind. */
function inputFor(action: ActionName, o: OrderState) {
  if (action === 'dispatch')
    return { ...VALID.dispatch, hostUnitId: o.hostUnitId ?? UNIT.hostStreet };
  return VALID[action];
}

describe.each(ACTIONS)('abilities agree with the rules: %s', (action) => {
  it('listed ⇒ succeeds with a valid input; succeeds ⇒ listed', () => {
    const listedButRefused: string[] = [];
    const allowedButHidden: string[] = [];
    for (const [tag, o] of worlds()) {
      for (const actorName of ACTOR_NAMES) {
        const actor = ACTORS[actorName];
        const listed = availableActions(o, actor, NOW).includes(action);
        const result = act(o, action, actor, inputFor(action, o) as never);
        if (listed && !result.ok) {
          listedButRefused.push(`${tag} / ${actorName}: ${result.refusal.key}`);
        }
        // A lock holder may re-lock (a refresh): that needs no button.
        const harmless = action === 'lock' && o.lock?.userId === actor.userId;
        if (!listed && result.ok && !harmless) allowedButHidden.push(`${tag} / ${actorName}`);
      }
    }
    expect(listedButRefused).toEqual([]);
    expect(allowedButHidden).toEqual([]);
  });
});

describe('abilities', () => {
  it('list each action once, lock and unlock last', () => {
    for (const [, o] of worlds()) {
      for (const actorName of ACTOR_NAMES) {
        const list = availableActions(o, ACTORS[actorName], NOW);
        expect(new Set(list).size).toBe(list.length);
        const tail = list.filter((a) => a === 'lock' || a === 'unlock');
        expect(list.slice(list.length - tail.length)).toEqual(tail);
      }
    }
  });

  it('give the intake agent nothing to do on an existing order', () => {
    for (const [, o] of worlds()) {
      expect(availableActions(o, ACTORS.agent, NOW)).toEqual([]);
    }
  });

  it('for a dispatcher on an unsigned order: sign, refuse, supervise, key appeal, merge, note, edit, texts, lock', () => {
    const [, o] = frozenFixtures().find(([name]) => name === 'unsigned') ?? [];
    if (!o) expect.fail('fixture missing');
    expect(availableActions(o, ACTORS.dispatcher, NOW)).toEqual([
      'sign',
      'refuse',
      'supervise',
      'key_appeal',
      'merge',
      'add_note',
      'edit',
      'sms_opt_out',
      'lock',
    ]);
  });

  it('for the host on an order it handles', () => {
    const [, o] = frozenFixtures().find(([name]) => name === 'hostHandling') ?? [];
    if (!o) expect.fail('fixture missing');
    expect(availableActions(o, ACTORS.streetHost, NOW)).toEqual([
      'apply_return',
      'reply',
      'apply_extension',
      'apply_exclusion',
      'add_note',
      'record_staff',
      'edit',
      'sms_opt_out',
      'lock',
    ]);
    // Notes and supervision do not entitle anyone to lock.
    expect(availableActions(o, ACTORS.coHost, NOW)).toEqual(['add_note']);
    expect(availableActions(o, ACTORS.leader, NOW)).toEqual(['supervise']);
    expect(availableActions(o, ACTORS.visitor, NOW)).toEqual(['add_note']);
  });
});
