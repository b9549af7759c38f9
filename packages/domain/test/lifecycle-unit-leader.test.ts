/**
 * A leader's reach follows its unit: the district's leader reads and supervises every order;
 * a street's (or department's) leader reads its own unit's orders — hosted or co-hosted — and
 * supervises none (issue 21 added street leaders to hear of their unit's escalations).
 */
import { describe, expect, it } from 'vitest';
import { canRead, canSupervise, isDistrictReader, isUnitLeader } from '../src/lifecycle/roles';
import type { Actor } from '../src/lifecycle/types';
import { ROLE_RULES } from '../src/org';
import { ACTORS } from './support/actors';
import { order, UNIT } from './support/fixtures';

const streetLeader: Actor = {
  userId: 40,
  name: '街道领导',
  unitId: UNIT.hostStreet,
  unitKind: 'street',
  admin: false,
  rules: ROLE_RULES.leader?.rules ?? [],
};
const otherStreetLeader: Actor = { ...streetLeader, userId: 41, unitId: UNIT.otherStreet };
const coHostLeader: Actor = { ...streetLeader, userId: 42, unitId: UNIT.coHost };

describe('leaders by unit', () => {
  it("the district's leader reads everything and supervises", () => {
    expect(isDistrictReader(ACTORS.leader)).toBe(true);
    expect(isUnitLeader(ACTORS.leader)).toBe(false);
    expect(canSupervise(ACTORS.leader)).toBe(true);
  });

  it("a street's leader reads only its unit's orders and supervises none", () => {
    const hosted = order('hostHandling');
    expect(hosted.hostUnitId).toBe(UNIT.hostStreet);
    expect(isDistrictReader(streetLeader)).toBe(false);
    expect(isUnitLeader(streetLeader)).toBe(true);
    expect(canRead(streetLeader, hosted)).toBe(true);
    expect(canRead(otherStreetLeader, hosted)).toBe(false);
    expect(canRead(coHostLeader, { ...hosted, coHostUnitIds: [UNIT.coHost] })).toBe(true);
    expect(canRead(streetLeader, order('unsigned'))).toBe(false);
    expect(canSupervise(streetLeader)).toBe(false);
  });
});
