import type { z } from 'zod';
import type { authSetBody, authUpdateBody } from '@hotline/contract';
import { ROLE_RULES, unknownRules } from '@hotline/domain';
import type { AppContext, Db } from '../../context';
import { badRequest, conflict, notFound } from '../../http/app-error';
import { changesOf, recordAudit, type AuditActor } from '../audit';

/**
 * Roles (角色权限): sets of rule strings. Built-in roles (seeded, `auth_groups.builtin`) are
 * read-only; custom roles hold rule strings of the permission catalogue only. A holder's
 * menus and rights follow at their next request (the rules are read per request).
 */

/** Roles with how many users hold each. */
function groupsWithUserCount(db: Db) {
  return db
    .selectFrom('auth_groups as g')
    .select((eb) => [
      'g.id',
      'g.name',
      'g.title',
      'g.rules',
      'g.builtin',
      eb
        .selectFrom('user_groups as ug')
        .whereRef('ug.group_id', '=', 'g.id')
        .select(eb.fn.countAll<number>().as('n'))
        .as('userCount'),
    ]);
}

export async function listGroups(db: Db, offset: number, limit: number) {
  const [rows, count] = await Promise.all([
    groupsWithUserCount(db).orderBy('g.id').offset(offset).limit(limit).execute(),
    db
      .selectFrom('auth_groups')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((r) => ({ ...r, userCount: Number(r.userCount ?? 0) })),
    total: Number(count.n),
  };
}

async function presentOne(db: Db, id: number) {
  const row = await groupsWithUserCount(db).where('g.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('group.missing');
  return { ...row, userCount: Number(row.userCount ?? 0) };
}

/** The rules of a custom role: catalogue strings only, each once. */
function checkedRules(rules: readonly string[]): string[] {
  const unique = [...new Set(rules)];
  const unknown = unknownRules(unique);
  if (unknown.length > 0) throw badRequest('group.unknownRules', { rules: unknown.join(', ') });
  return unique;
}

/**
 * The names of the seeded roles and `admin` (the role name the administrator flag shows as):
 * a custom role never takes one, so no guard naming a role can be met by a look-alike.
 */
const RESERVED_NAMES = new Set(Object.keys(ROLE_RULES));

export async function createGroup(
  ctx: AppContext,
  actor: AuditActor,
  input: z.output<typeof authSetBody>,
) {
  if (RESERVED_NAMES.has(input.name)) throw badRequest('group.reservedName');
  const rules = checkedRules(input.rules);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('auth_groups')
      .values({ name: input.name, title: input.title, rules, builtin: false })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) throw conflict('group.exists');
    await recordAudit(trx, actor, {
      action: 'role.create',
      target: { type: 'role', id: row.id, name: input.title },
      detail: { changes: changesOf({}, { name: input.name, title: input.title, rules }) },
    });
    return row.id;
  });
  return presentOne(ctx.db, id);
}

async function lockCustomGroup(trx: Db, id: number) {
  const group = await trx
    .selectFrom('auth_groups')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!group) throw notFound('group.missing');
  if (group.builtin) throw conflict('group.builtin');
  return group;
}

export async function updateGroup(
  ctx: AppContext,
  actor: AuditActor,
  input: z.output<typeof authUpdateBody>,
) {
  await ctx.db.transaction().execute(async (trx) => {
    const current = await lockCustomGroup(trx, input.id);
    const next = {
      title: input.title ?? current.title,
      rules: input.rules ? checkedRules(input.rules) : current.rules,
    };
    const changes = changesOf({ title: current.title, rules: current.rules }, next);
    if (Object.keys(changes).length === 0) return;
    await trx
      .updateTable('auth_groups')
      .set({ ...next, updated_at: ctx.now() })
      .where('id', '=', input.id)
      .execute();
    await recordAudit(trx, actor, {
      action: 'role.update',
      target: { type: 'role', id: input.id, name: next.title },
      detail: { changes },
    });
  });
  return presentOne(ctx.db, input.id);
}

export async function deleteGroup(ctx: AppContext, actor: AuditActor, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const group = await lockCustomGroup(trx, id);
    const used = await trx
      .selectFrom('user_groups')
      .select('user_id')
      .where('group_id', '=', id)
      .limit(1)
      .executeTakeFirst();
    if (used) throw conflict('group.inUse');
    await trx.deleteFrom('auth_groups').where('id', '=', id).execute();
    await recordAudit(trx, actor, {
      action: 'role.delete',
      target: { type: 'role', id, name: group.title },
      detail: { name: group.name, rules: group.rules },
    });
  });
}

/**
 * Replaces the roles of each listed user with the listed roles, all or nothing; one audit row
 * per user whose roles change (old → new role names).
 */
export async function setUserGroups(
  ctx: AppContext,
  actor: AuditActor,
  userIds: number[],
  groupIds: number[],
): Promise<number> {
  const uniqueUsers = [...new Set(userIds)];
  const uniqueGroups = [...new Set(groupIds)];
  return ctx.db.transaction().execute(async (trx) => {
    const users = await trx
      .selectFrom('users')
      .select(['id', 'username'])
      .where('id', 'in', uniqueUsers)
      .orderBy('id')
      .execute();
    const missingUsers = uniqueUsers.filter((id) => !users.some((u) => u.id === id));
    if (missingUsers.length > 0) throw badRequest('user.missing', { ids: missingUsers.join(',') });
    const groups = await trx
      .selectFrom('auth_groups')
      .select(['id', 'name'])
      .where('id', 'in', uniqueGroups)
      .orderBy('name')
      .execute();
    if (groups.length !== uniqueGroups.length) throw badRequest('group.missing');
    const held = await trx
      .selectFrom('user_groups as ug')
      .innerJoin('auth_groups as g', 'g.id', 'ug.group_id')
      .select(['ug.user_id', 'g.name'])
      .where('ug.user_id', 'in', uniqueUsers)
      .orderBy('g.name')
      .execute();
    await trx.deleteFrom('user_groups').where('user_id', 'in', uniqueUsers).execute();
    await trx
      .insertInto('user_groups')
      .values(
        uniqueUsers.flatMap((user_id) => uniqueGroups.map((group_id) => ({ user_id, group_id }))),
      )
      .execute();
    const after = groups.map((g) => g.name);
    for (const user of users) {
      const before = held.filter((h) => h.user_id === user.id).map((h) => h.name);
      const changes = changesOf({ roles: before }, { roles: after });
      if (Object.keys(changes).length === 0) continue;
      await recordAudit(trx, actor, {
        action: 'role.assign',
        target: { type: 'user', id: user.id, name: user.username },
        detail: { changes },
      });
    }
    return uniqueUsers.length;
  });
}
