/** One actor per role of WORKFLOW section 8, and unit handlers around the host unit. */
import type { Actor } from '../../src/lifecycle/types';
import { ROLE_RULES } from '../../src/org';
import type { UnitKind } from '../../src/org';
import { UNIT } from './fixtures';

const actor = (
  userId: number,
  name: string,
  unitId: number,
  unitKind: UnitKind,
  role: keyof typeof ROLE_RULES,
): Actor => ({
  userId,
  name,
  unitId,
  unitKind,
  admin: role === 'admin',
  rules: ROLE_RULES[role]?.rules ?? [],
});

export const ACTORS = {
  admin: actor(1, '管理员', UNIT.district, 'district', 'admin'),
  dispatcher: actor(2, '派单员', UNIT.district, 'district', 'dispatcher'),
  reviewer: actor(3, '审核员', UNIT.district, 'district', 'reviewer'),
  visitor: actor(4, '回访员', UNIT.district, 'district', 'visitor'),
  agent: actor(5, '话务员', UNIT.district, 'district', 'agent'),
  leader: actor(6, '领导', UNIT.district, 'district', 'leader'),
  streetHost: actor(7, '街道承办人', UNIT.hostStreet, 'street', 'street'),
  streetOther: actor(8, '他街承办人', UNIT.otherStreet, 'street', 'street'),
  deptHost: actor(9, '部门承办人', UNIT.hostDept, 'department', 'department'),
  deptOther: actor(10, '他部门承办人', UNIT.otherDept, 'department', 'department'),
  coHost: actor(11, '协办承办人', UNIT.coHost, 'street', 'street'),
} satisfies Record<string, Actor>;

export type ActorName = keyof typeof ACTORS;
export const ACTOR_NAMES = Object.keys(ACTORS) as ActorName[];

/**
 * Roles relative to the order's host: 'host' is the handler of the host unit, 'other' a handler
 * of any other unit, 'coHost' the handler of the co-host unit.
 */
export type RelativeRole =
  | 'admin'
  | 'dispatcher'
  | 'reviewer'
  | 'visitor'
  | 'agent'
  | 'leader'
  | 'host'
  | 'coHost'
  | 'other';

/** Who plays each relative role when a street hosts, and when a department hosts. */
export function castFor(hostKind: 'street' | 'department'): [ActorName, RelativeRole][] {
  const host: ActorName = hostKind === 'street' ? 'streetHost' : 'deptHost';
  return ACTOR_NAMES.map((name): [ActorName, RelativeRole] => {
    if (name === host) return [name, 'host'];
    if (name === 'coHost') return [name, 'coHost'];
    if (['streetHost', 'streetOther', 'deptHost', 'deptOther'].includes(name)) {
      return [name, 'other'];
    }
    return [name, name as RelativeRole];
  });
}
