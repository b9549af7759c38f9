import type { z } from 'zod';
import type { addConfigBody, addGroupBody, saveConfigBody, saveGroupBody } from '@hotline/contract';
import type { AppContext } from '../../context';
import type { ConfigRow } from '../../db/schema';
import { conflict, notFound } from '../../http/app-error';
import { changesOf, type AuditActor } from '../audit';
import { forgetConfig } from './config-cache';
import { auditConfigChange, checkedValue, lockGroupEntries } from './config-check';
import * as repo from './config.repository';

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

/** Adds an entry; a key the settings know is checked with its schema. Audited. */
export async function addEntry(
  ctx: AppContext,
  input: z.output<typeof addConfigBody>,
  actor: AuditActor,
): Promise<ConfigRow> {
  const added = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.findGroup(trx, input.group))) throw notFound('config.groupMissing');
    const entries = await lockGroupEntries(trx, input.group);
    const value = checkedValue(
      {
        group_name: input.group,
        name: input.name,
        type: input.type,
        options: input.options ?? null,
      },
      input.value,
      Object.fromEntries(entries.map((e) => [e.name, e.value])),
      'value',
    );
    const row = await trx
      .insertInto('config')
      .values({
        group_name: input.group,
        name: input.name,
        title: input.title,
        value,
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
    await auditConfigChange(trx, actor, {
      group: row.group_name,
      name: row.name,
      title: row.title,
      old: null,
      new: row.value,
    });
    return row;
  });
  forgetConfig(ctx);
  return added;
}

/** Changes an entry; a key the settings know is checked with its schema. Audited. */
export async function saveEntry(
  ctx: AppContext,
  input: z.output<typeof saveConfigBody>,
  actor: AuditActor,
): Promise<ConfigRow> {
  const saved = await ctx.db.transaction().execute(async (trx) => {
    const found = await repo.findEntry(trx, input.id);
    if (!found) throw notFound('config.entryMissing');
    // The whole group, locked in id order (cross-field rules; no deadlock with settings saves).
    const entries = await lockGroupEntries(trx, found.group_name);
    const current = entries.find((e) => e.id === input.id);
    if (!current) throw notFound('config.entryMissing');
    const value =
      input.value === undefined
        ? current.value
        : checkedValue(
            current,
            input.value,
            Object.fromEntries(entries.map((e) => [e.name, e.value])),
            'value',
          );
    const next = {
      title: input.title ?? current.title,
      value,
      is_public: input.isPublic ?? current.is_public,
      remark: input.remark ?? current.remark,
      sort: input.sort ?? current.sort,
    };
    const row = await trx
      .updateTable('config')
      .set({ ...next, updated_at: ctx.now() })
      .where('id', '=', input.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const { value: _v, ...others } = next;
    const { value: _o, ...before } = {
      title: current.title,
      value: current.value,
      is_public: current.is_public,
      remark: current.remark,
      sort: current.sort,
    };
    const changes = changesOf(before, others);
    if (value !== current.value || Object.keys(changes).length > 0) {
      await auditConfigChange(trx, actor, {
        group: current.group_name,
        name: current.name,
        title: row.title,
        old: current.value,
        new: value,
        changes,
      });
    }
    return row;
  });
  forgetConfig(ctx);
  return saved;
}

/** Deletes an entry (the seed adds a known key back at the next start). Audited. */
export async function deleteEntry(ctx: AppContext, id: number, actor: AuditActor): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('config')
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (!deleted) throw notFound('config.entryMissing');
    await auditConfigChange(trx, actor, {
      group: deleted.group_name,
      name: deleted.name,
      title: deleted.title,
      old: deleted.value,
      new: null,
    });
  });
  forgetConfig(ctx);
}
