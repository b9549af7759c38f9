import type { Kysely } from 'kysely';
import type { Actor, UnitKind } from '@hotline/domain';
import type { Database } from '../db/schema';
import type { DemoOrg } from './demo-org';

/**
 * The people who act on demo orders, as the domain sees them (`Actor`, with the rule strings of
 * their roles read from the database, as a session would). A host unit without a demo account
 * is handled by an unnamed colleague holding the unit's handler role: `userId` 0, and its
 * events record no actor.
 */
export interface DemoActors {
  dispatcher: Actor;
  reviewer: Actor;
  visitor: Actor;
  agent: Actor;
  leader: Actor;
  /**
   * The system's own steps (the automatic sign): the district's dispatching rules, no user.
   * See `systemSign` in demo-order-sim.ts.
   */
  system: Actor;
  /** Who handles orders for a street, town or department. */
  host(unitId: number): Actor;
}

/** `userId` of actors without an account (unnamed handlers, the system). */
export const NO_ACCOUNT = 0;

/** The handler role of each kind of host unit (the base seed's roles). */
export const HANDLER_ROLE: Partial<Record<UnitKind, string>> = {
  street: 'street',
  town: 'street',
  department: 'department',
};

export async function loadDemoActors(db: Kysely<Database>, org: DemoOrg): Promise<DemoActors> {
  const users = await db
    .selectFrom('users as u')
    .innerJoin('units as n', 'n.id', 'u.unit_id')
    .select(['u.id', 'u.realname', 'u.unit_id', 'u.is_admin', 'n.kind'])
    .where('u.id', 'in', Object.values(org.userIds))
    .orderBy('u.id')
    .execute();
  const memberships = await db
    .selectFrom('user_groups as ug')
    .innerJoin('auth_groups as g', 'g.id', 'ug.group_id')
    .select(['ug.user_id', 'g.rules'])
    .where('ug.user_id', 'in', Object.values(org.userIds))
    .execute();
  const roles = await db
    .selectFrom('auth_groups')
    .select(['name', 'rules'])
    .where('name', 'in', ['street', 'department'])
    .execute();
  const rulesOf = (userId: number) => [
    ...new Set(memberships.filter((m) => m.user_id === userId).flatMap((m) => m.rules)),
  ];
  const byId = new Map(
    users.map((u) => [
      u.id,
      {
        userId: u.id,
        name: u.realname,
        unitId: u.unit_id,
        unitKind: u.kind as UnitKind,
        admin: u.is_admin,
        rules: rulesOf(u.id),
      } satisfies Actor,
    ]),
  );
  const user = (id: number): Actor => {
    const actor = byId.get(id);
    if (!actor) throw new Error(`demo user ${id} is missing`);
    return actor;
  };
  const dispatcher = user(org.userIds.dispatcher);

  const hosts = new Map<number, Actor>();
  const host = (unitId: number): Actor => {
    const known = hosts.get(unitId);
    if (known) return known;
    const unit = org.units[unitId];
    const role = unit ? HANDLER_ROLE[unit.kind] : undefined;
    if (!unit || !role) throw new Error(`unit ${unitId} does not host orders`);
    const account = [...byId.values()].find((a) => a.unitId === unitId && !a.admin);
    const actor = account ?? {
      userId: NO_ACCOUNT,
      name: '',
      unitId,
      unitKind: unit.kind,
      admin: false,
      rules: roles.find((r) => r.name === role)?.rules ?? [],
    };
    hosts.set(unitId, actor);
    return actor;
  };

  return {
    dispatcher,
    reviewer: user(org.userIds.reviewer),
    visitor: user(org.userIds.visitor),
    agent: user(org.userIds.agent),
    leader: user(org.userIds.leader),
    system: { ...dispatcher, userId: NO_ACCOUNT, name: '系统', admin: false },
    host,
  };
}
