import { RULES } from '@hotline/domain';
import type { Db } from '../../context';

/**
 * Who hears of a deadline (issue 21). Roles are the rule strings of the users' roles and extra
 * rules: handlers of a unit (street or department rule, in the unit or one of its communities),
 * its leaders (leader rule in the unit itself), the district dispatchers (district query and case rules), the
 * district leaders (leader rule in a district unit). Disabled users never.
 */
export interface Person {
  id: number;
  unitId: number;
  parentUnitId: number | null;
  unitKind: string;
  rules: Set<string>;
}

export async function loadPeople(db: Db): Promise<Person[]> {
  const rows = await db
    .selectFrom('users as u')
    .innerJoin('units as un', 'un.id', 'u.unit_id')
    .leftJoin('user_groups as ug', 'ug.user_id', 'u.id')
    .leftJoin('auth_groups as g', 'g.id', 'ug.group_id')
    .select([
      'u.id',
      'u.unit_id',
      'un.parent_id',
      'un.kind',
      'u.extra_rules',
      'g.rules',
      'u.is_admin',
    ])
    .where('u.disabled', '=', false)
    .execute();
  const byId = new Map<number, Person>();
  for (const r of rows) {
    if (r.is_admin) continue;
    let p = byId.get(r.id);
    if (!p) {
      p = {
        id: r.id,
        unitId: r.unit_id,
        parentUnitId: r.parent_id,
        unitKind: r.kind,
        rules: new Set(r.extra_rules),
      };
      byId.set(r.id, p);
    }
    for (const rule of r.rules ?? []) p.rules.add(rule);
  }
  return [...byId.values()];
}

const inUnit = (p: Person, unitId: number) => p.unitId === unitId || p.parentUnitId === unitId;

export const handlersOf = (people: Person[], unitId: number) =>
  people.filter(
    (p) => inUnit(p, unitId) && (p.rules.has(RULES.street) || p.rules.has(RULES.department)),
  );

/** The leaders of the unit itself: a community's leader is not its street's. */
export const leadersOf = (people: Person[], unitId: number) =>
  people.filter((p) => p.unitId === unitId && p.rules.has(RULES.leader));

export const dispatchers = (people: Person[]) =>
  people.filter((p) => p.rules.has(RULES.districtQuery) && p.rules.has(RULES.case));

export const districtLeaders = (people: Person[]) =>
  people.filter((p) => p.unitKind === 'district' && p.rules.has(RULES.leader));
