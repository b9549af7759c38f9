import type { z } from 'zod';
import type { addConfigBody, addGroupBody, saveConfigBody, saveGroupBody } from '@hotline/contract';
import type { AppContext } from '../../context';
import type { ConfigRow } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/app-error';
import { forgetConfig } from './config-cache';
import * as repo from './config.repository';

/** A value must fit its entry's type; a broken switch or number must not reach the console. */
export function checkValue(type: string, value: string, options: string[] | null): string | null {
  if (type === 'switch' && value !== '0' && value !== '1') return 'a switch is 0 or 1';
  if (type === 'number' && (value.trim() === '' || !Number.isFinite(Number(value))))
    return 'not a number';
  if (type === 'select' && options && options.length > 0 && !options.includes(value)) {
    return `one of ${options.join(', ')}`;
  }
  if (type === 'json') {
    try {
      JSON.parse(value);
    } catch {
      return 'not valid JSON';
    }
  }
  return null;
}

function assertValue(type: string, value: string, options: string[] | null): void {
  const reason = checkValue(type, value, options);
  if (reason) throw badRequest('config.valueInvalid', { reason });
}

export async function addGroup(
  ctx: AppContext,
  input: z.output<typeof addGroupBody>,
): Promise<void> {
  const inserted = await ctx.db
    .insertInto('config_groups')
    .values(input)
    .onConflict((oc) => oc.doNothing())
    .returning('name')
    .executeTakeFirst();
  if (!inserted) throw conflict('config.groupExists');
}

export async function saveGroup(
  ctx: AppContext,
  input: z.output<typeof saveGroupBody>,
): Promise<void> {
  const { name, ...changes } = input;
  if (Object.keys(changes).length === 0) {
    if (!(await repo.findGroup(ctx.db, name))) throw notFound('config.groupMissing');
    return;
  }
  const updated = await ctx.db
    .updateTable('config_groups')
    .set(changes)
    .where('name', '=', name)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) throw notFound('config.groupMissing');
}

export async function deleteGroup(ctx: AppContext, name: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const group = await trx
      .selectFrom('config_groups')
      .select('name')
      .where('name', '=', name)
      .forUpdate()
      .executeTakeFirst();
    if (!group) throw notFound('config.groupMissing');
    const used = await trx
      .selectFrom('config')
      .select('id')
      .where('group_name', '=', name)
      .limit(1)
      .executeTakeFirst();
    if (used) throw conflict('config.groupNotEmpty');
    await trx.deleteFrom('config_groups').where('name', '=', name).execute();
  });
}

export async function addEntry(
  ctx: AppContext,
  input: z.output<typeof addConfigBody>,
): Promise<ConfigRow> {
  assertValue(input.type, input.value, input.options ?? null);
  const added = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.findGroup(trx, input.group))) throw notFound('config.groupMissing');
    const row = await trx
      .insertInto('config')
      .values({
        group_name: input.group,
        name: input.name,
        title: input.title,
        value: input.value,
        type: input.type,
        options: input.options ?? null,
        is_public: input.isPublic,
        remark: input.remark,
        sort: input.sort,
      })
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) throw conflict('config.entryExists');
    return row;
  });
  forgetConfig(ctx);
  return added;
}

export async function saveEntry(
  ctx: AppContext,
  input: z.output<typeof saveConfigBody>,
): Promise<ConfigRow> {
  const saved = await ctx.db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('config')
      .selectAll()
      .where('id', '=', input.id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw notFound('config.entryMissing');
    if (input.value !== undefined) assertValue(current.type, input.value, current.options);
    return trx
      .updateTable('config')
      .set({
        title: input.title ?? current.title,
        value: input.value ?? current.value,
        is_public: input.isPublic ?? current.is_public,
        remark: input.remark ?? current.remark,
        sort: input.sort ?? current.sort,
        updated_at: ctx.now(),
      })
      .where('id', '=', input.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  forgetConfig(ctx);
  return saved;
}

export async function deleteEntry(ctx: AppContext, id: number): Promise<void> {
  const deleted = await ctx.db.deleteFrom('config').where('id', '=', id).executeTakeFirst();
  if (deleted.numDeletedRows === 0n) throw notFound('config.entryMissing');
  forgetConfig(ctx);
}
