import type { z } from 'zod';
import type { authSetBody, authUpdateBody } from '@hotline/contract';
import type { AppContext, Db } from '../../context';
import { badRequest, conflict, notFound } from '../../http/app-error';

/** Roles with how many users hold each. */
function groupsWithUserCount(db: Db) {
  return db
    .selectFrom('auth_groups as g')
    .select((eb) => [
      'g.id',
      'g.name',
      'g.title',
      'g.rules',
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

export async function createGroup(ctx: AppContext, input: z.output<typeof authSetBody>) {
  const row = await ctx.db
    .insertInto('auth_groups')
    .values({ name: input.name, title: input.title, rules: [...new Set(input.rules)] })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) throw conflict('group.exists');
  return presentOne(ctx.db, row.id);
}

export async function updateGroup(ctx: AppContext, input: z.output<typeof authUpdateBody>) {
  const current = await ctx.db
    .selectFrom('auth_groups')
    .selectAll()
    .where('id', '=', input.id)
    .executeTakeFirst();
  if (!current) throw notFound('group.missing');
  await ctx.db
    .updateTable('auth_groups')
    .set({
      title: input.title ?? current.title,
      rules: input.rules ? [...new Set(input.rules)] : current.rules,
      updated_at: ctx.now(),
    })
    .where('id', '=', input.id)
    .execute();
  return presentOne(ctx.db, input.id);
}

export async function deleteGroup(ctx: AppContext, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const group = await trx
      .selectFrom('auth_groups')
      .select('id')
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!group) throw notFound('group.missing');
    const used = await trx
      .selectFrom('user_groups')
      .select('user_id')
      .where('group_id', '=', id)
      .limit(1)
      .executeTakeFirst();
    if (used) throw conflict('group.inUse');
    await trx.deleteFrom('auth_groups').where('id', '=', id).execute();
  });
}

/** Replaces the roles of each listed user with the listed roles, all or nothing. */
export async function setUserGroups(
  ctx: AppContext,
  userIds: number[],
  groupIds: number[],
): Promise<number> {
  const uniqueUsers = [...new Set(userIds)];
  const uniqueGroups = [...new Set(groupIds)];
  return ctx.db.transaction().execute(async (trx) => {
    const users = await trx
      .selectFrom('users')
      .select('id')
      .where('id', 'in', uniqueUsers)
      .execute();
    const missingUsers = uniqueUsers.filter((id) => !users.some((u) => u.id === id));
    if (missingUsers.length > 0) throw badRequest('user.missing', { ids: missingUsers.join(',') });
    const groups = await trx
      .selectFrom('auth_groups')
      .select('id')
      .where('id', 'in', uniqueGroups)
      .execute();
    if (groups.length !== uniqueGroups.length) throw badRequest('group.missing');
    await trx.deleteFrom('user_groups').where('user_id', 'in', uniqueUsers).execute();
    await trx
      .insertInto('user_groups')
      .values(
        uniqueUsers.flatMap((user_id) => uniqueGroups.map((group_id) => ({ user_id, group_id }))),
      )
      .execute();
    return uniqueUsers.length;
  });
}
