import type { AdminUser } from '@hotline/contract';
import { adminChangeProblem, USER_EXTRA_RULES, type AdminChange } from '@hotline/domain';
import type { AppContext, Db } from '../../context';
import type { UserRow } from '../../db/schema';
import { conflict, notFound } from '../../http/app-error';
import type { AuditActor } from '../audit';
import * as repo from './admin-users.repository';
import { presentAdminUser } from './admin-users.presenter';

/** What the user administration's services share: the actor, the audit target, the locks. */

/** The acting administrator (`requestActor(request)` with the caller's id). */
export type Actor = AuditActor & { id: number };

export const auditTarget = (user: { id: number; username: string }) => ({
  type: 'user',
  id: user.id,
  name: user.username,
});

/** Individual permissions once each, in the catalogue's order (so audit diffs are stable). */
export function normalRules(rules: readonly string[]): string[] {
  return USER_EXTRA_RULES.filter((r) => rules.includes(r));
}

/** One user as the administration shows them (404 when there is none). */
export async function presentOne(ctx: AppContext, db: Db, id: number): Promise<AdminUser> {
  const row = await repo.findUser(db, id);
  if (!row) throw notFound('adminUser.notFound');
  return presentAdminUser(row, ctx.now());
}

/**
 * Locks the target's row (404 when missing). With a `change`, first locks every active
 * administrator's row and applies the administrator rules (domain `adminChangeProblem`) when
 * `applies` to the target: two administrators demoting or disabling each other at once are
 * serialised, and the second counts after the first's change. Admins before the target, always,
 * so two such transactions cannot deadlock.
 */
export async function lockTarget(
  trx: Db,
  actor: Actor,
  targetId: number,
  change?: { kind: AdminChange; applies: (user: UserRow) => boolean },
): Promise<UserRow> {
  const admins = change ? await repo.lockActiveAdmins(trx) : [];
  const user = await repo.lockUser(trx, targetId);
  if (!user) throw notFound('adminUser.notFound');
  if (change?.applies(user)) {
    const problem = adminChangeProblem({
      actorId: actor.id,
      targetId,
      targetIsActiveAdmin: user.is_admin && !user.disabled,
      activeAdmins: admins.length,
      change: change.kind,
    });
    if (problem) throw conflict(problem.key, problem.params);
  }
  return user;
}
