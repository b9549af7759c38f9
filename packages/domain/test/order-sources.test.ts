/** Which order sources a list shows (decision 0019). */
import { describe, expect, it } from 'vitest';
import { listSources, readsOnlyItsUnit } from '../src/order-sources';
import { RULES } from '../src/org';
import type { Actor } from '../src/lifecycle/types';
import type { UnitKind } from '../src/org';

const ALL = [1, 5, 7, 8, 9, 10];
const DEFAULT = [1, 5, 7];

function actor(rules: string[], unitKind: UnitKind = 'street', admin = false): Actor {
  return { userId: 1, name: 'x', unitId: 11, unitKind, admin, rules };
}

const reviewer = actor([RULES.districtQuery, RULES.review], 'district');
const dispatcher = actor([RULES.districtQuery, RULES.case, RULES.widerTypes], 'district');

describe('listSources', () => {
  it('a queue or another list of work shows every source, for anyone', () => {
    for (const a of [actor([RULES.street]), reviewer, dispatcher, actor([RULES.callback])]) {
      for (const kind of ['queue', 'work'] as const) {
        expect(listSources(a, kind)).toEqual({ byDefault: ALL, allowed: ALL });
      }
    }
  });

  it('the whole list of a district reader shows 1, 5, 7; more only with /ddw_button_role', () => {
    expect(listSources(reviewer, 'whole')).toEqual({ byDefault: DEFAULT, allowed: DEFAULT });
    expect(listSources(dispatcher, 'whole')).toEqual({ byDefault: DEFAULT, allowed: ALL });
    expect(listSources(actor([], 'district', true), 'whole')).toEqual({
      byDefault: DEFAULT,
      allowed: ALL,
    });
  });

  it('the whole list of a reader confined to its unit shows every source', () => {
    for (const rules of [[RULES.street], [RULES.department], [RULES.leader]]) {
      const a = actor(rules, rules[0] === RULES.department ? 'department' : 'street');
      expect(readsOnlyItsUnit(a)).toBe(true);
      expect(listSources(a, 'whole')).toEqual({ byDefault: ALL, allowed: ALL });
    }
  });

  it('a unit handler who also reads district-wide, calls back or types orders in does not', () => {
    for (const extra of [RULES.districtQuery, RULES.callback, RULES.case]) {
      const a = actor([RULES.street, extra]);
      expect(readsOnlyItsUnit(a)).toBe(false);
      expect(listSources(a, 'whole')).toEqual({ byDefault: DEFAULT, allowed: DEFAULT });
    }
    // a district's leader reads the district: the case list's default
    expect(readsOnlyItsUnit(actor([RULES.leader], 'district'))).toBe(false);
    expect(readsOnlyItsUnit(actor([], 'street', true))).toBe(false);
  });
});
