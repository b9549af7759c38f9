/** Push deltas: every pair of fixture states and every action of the lifecycle, against an oracle. */
import { describe, expect, it } from 'vitest';
import { ACTION_NAMES, type ActionName } from '../src/lifecycle/names';
import { QUEUE_FILTERS, inQueue } from '../src/lifecycle/queue-filters';
import type { OrderState } from '../src/lifecycle/types';
import { isHostQueue } from '../src/order-sources';
import {
  COUNTED_QUEUES,
  noticeText,
  queueDeltas,
  queueRoom,
  roomsForViewer,
  type PushDeltaContext,
  type PushFacts,
  type QueueDelta,
} from '../src/push-deltas';
import { QUEUES } from '../src/queues';
import { ACTORS } from './support/actors';
import { FIXTURE_NAMES, NOW, UNIT, at, order } from './support/fixtures';
import { act } from './support/run';

const CTX: PushDeltaContext = { now: NOW, overdueMode: '8hours', huifangMode: 0 };
const VIEWERS = [...Object.values(UNIT), -1];

/** Every fixture, hosted by a street and by a department, plus flag and deadline variants. */
const STATES: OrderState[] = FIXTURE_NAMES.flatMap((name) => [
  order(name),
  order(name, { hostUnitId: order(name).hostUnitId === null ? null : UNIT.hostDept }),
  order(name, { isKeyAppeal: true, deadline: at(2) }),
  order(name, { typeId: 8 }),
]);

/** The oracle: brute force over every viewer unit, by membership alone. */
function oracle(before: PushFacts | null, after: PushFacts | null): QueueDelta[] {
  // Every source is counted (decision 0019).
  const counted = (_menuId: string, f: PushFacts | null) => f !== null;
  const out: QueueDelta[] = [];
  // Personal lists (the orders a viewer typed in) have no badge: no viewer hears of them.
  for (const menuId of Object.keys(QUEUE_FILTERS).filter((q) => !q.startsWith('lr_'))) {
    const host = isHostQueue(menuId);
    for (const viewer of host ? VIEWERS : [-1]) {
      const at = { ...CTX, viewerUnitId: viewer, viewerUserId: -1 };
      const was = counted(menuId, before) && inQueue(menuId, before!, at);
      const is = counted(menuId, after) && inQueue(menuId, after!, at);
      if (was !== is)
        out.push({ menuId, unitId: host ? viewer : null, action: is ? 'add' : 'sub' });
    }
  }
  return out;
}

const key = (d: QueueDelta) => `${d.menuId}@${d.unitId}:${d.action}`;
const sorted = (list: QueueDelta[]) => list.map(key).sort();

describe('queueDeltas', () => {
  it(`agrees with the oracle on every ordered pair of ${STATES.length} states`, () => {
    let pairs = 0;
    const wrong: string[] = [];
    for (const [i, before] of STATES.entries()) {
      for (const [j, after] of STATES.entries()) {
        const got = sorted(queueDeltas(before, after, CTX)).join(' ');
        const want = sorted(oracle(before, after)).join(' ');
        if (got !== want) wrong.push(`${i}→${j}: got [${got}] want [${want}]`);
        pairs += 1;
      }
    }
    // One assertion for the lot: thousands of expect() calls are what would make this slow.
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(pairs).toBe(STATES.length ** 2);
  }, 60_000);

  it('agrees with the oracle on every allowed action from every fixture, by every actor', () => {
    let transitions = 0;
    for (const name of FIXTURE_NAMES) {
      for (const actor of Object.values(ACTORS)) {
        for (const action of Object.keys(ACTION_NAMES) as ActionName[]) {
          const before = order(name);
          const result = act(before, action, actor);
          if (!result.ok) continue;
          transitions += 1;
          expect(sorted(queueDeltas(before, result.next, CTX)), `${name} ${action}`).toEqual(
            sorted(oracle(before, result.next)),
          );
        }
      }
    }
    expect(transitions).toBeGreaterThan(50);
  }, 60_000);

  it('never emits a delta for a host queue of a unit that neither hosted nor hosts the order', () => {
    const strays: string[] = [];
    for (const before of STATES) {
      for (const after of STATES) {
        for (const d of queueDeltas(before, after, CTX)) {
          if (d.unitId === null) continue;
          if (d.unitId !== before.hostUnitId && d.unitId !== after.hostUnitId) strays.push(key(d));
        }
      }
    }
    expect(strays).toEqual([]);
  }, 60_000);

  it('dispatch to a street: pending sign gained by that street only', () => {
    const before = order('undispatched');
    const result = act(before, 'dispatch', ACTORS.dispatcher, {
      hostUnitId: UNIT.hostStreet,
      coHostUnitIds: [UNIT.coHost],
      comment: '',
    });
    if (!result.ok) throw new Error('dispatch refused');
    const deltas = queueDeltas(before, result.next, CTX);
    expect(deltas).toContainEqual({ menuId: 'jd_dqs', unitId: UNIT.hostStreet, action: 'add' });
    expect(deltas.filter((d) => d.unitId === UNIT.coHost)).toEqual([]);
    expect(deltas).toContainEqual({ menuId: 'qu_dfp', unitId: null, action: 'sub' });
  });

  it('a new order (before null) is a gain; a vanished one (after null) a loss', () => {
    const created = order('unsigned');
    expect(queueDeltas(null, created, CTX)).toContainEqual({
      menuId: 'qu_dqs',
      unitId: null,
      action: 'add',
    });
    expect(queueDeltas(created, null, CTX)).toContainEqual({
      menuId: 'qu_dqs',
      unitId: null,
      action: 'sub',
    });
    expect(queueDeltas(null, null, CTX)).toEqual([]);
  });

  it('orders of every source move badges (8, 9, 10 too); a change of source alone moves none', () => {
    for (const typeId of [8, 9, 10]) {
      expect(queueDeltas(null, order('unsigned', { typeId }), CTX)).toContainEqual({
        menuId: 'qu_dqs',
        unitId: null,
        action: 'add',
      });
      expect(
        queueDeltas(order('hostPending', { typeId }), order('hostHandling', { typeId }), CTX),
      ).toContainEqual({ menuId: 'jd_dqs', unitId: UNIT.hostStreet, action: 'sub' });
    }
    expect(queueDeltas(order('unsigned', { typeId: 8 }), order('unsigned'), CTX)).toEqual([]);
  });

  it('an unchanged order moves nothing', () => {
    for (const s of STATES) expect(queueDeltas(s, s, CTX)).toEqual([]);
  });
});

describe('rooms', () => {
  it('host queues are exactly the jd_ and bm_ queues', () => {
    const host = QUEUES.filter((q) => isHostQueue(q.id)).map((q) => q.id);
    expect(host.every((id) => id.startsWith('jd_') || id.startsWith('bm_'))).toBe(true);
    expect(host.length).toBe(QUEUES.filter((q) => /^(jd|bm)_/.test(q.id)).length);
    expect(() => isHostQueue('nope')).toThrow();
  });

  it('a viewer joins one room per queue of its menu, host queues under its unit', () => {
    expect(roomsForViewer(['qu_dqs', 'jd_dqs', 'jd_dqs', 'unknown', 'hf_dhf'], 11)).toEqual([
      'q:qu_dqs',
      'q:jd_dqs@11',
      'q:hf_dhf',
    ]);
    expect(queueRoom('bm_blz', 21)).toBe('q:bm_blz@21');
    expect(queueRoom('qu_dfp', null)).toBe('q:qu_dfp');
  });

  it('a personal list has no room and no delta: nobody counts it', () => {
    expect(COUNTED_QUEUES).not.toContain('lr_wlr');
    expect(COUNTED_QUEUES.length).toBe(QUEUES.length - 1);
    expect(roomsForViewer(['lr_wlr', 'qu_dqs'], 11)).toEqual(['q:qu_dqs']);
    const mine = order('unsigned', { createdBy: 5 });
    const moves = queueDeltas(null, mine, CTX).map((d) => d.menuId);
    expect(moves).not.toContain('lr_wlr');
  });

  it('every delta lands in a room some viewer of that queue joins', () => {
    for (const before of STATES) {
      for (const d of queueDeltas(null, before, CTX)) {
        const viewer = d.unitId ?? UNIT.district;
        expect(roomsForViewer([d.menuId], viewer)).toContain(queueRoom(d.menuId, d.unitId));
      }
    }
  });

  it('notice texts in both languages for queues that have one', () => {
    expect(noticeText('jd_dqs', 'zh')).toBe('您有新的待签收工单');
    expect(noticeText('jd_dqs', 'en')).toBe('order to be signed for');
    expect(noticeText('qu_dfp', 'en')).toBe('order to be assigned');
    expect(noticeText('qu_yth', 'en')).toBe('order returned by the city');
    expect(noticeText('qu_ybj', 'en')).toBeNull();
    expect(noticeText('nope', 'zh')).toBeNull();
  });
});
