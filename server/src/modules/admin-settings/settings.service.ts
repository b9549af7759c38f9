import type { z } from 'zod';
import {
  SETTING_GROUPS,
  settingsProblems,
  type ConfigEntry,
  type SettingGroup,
  type settingsSaveBody,
} from '@hotline/contract';
import type { AppContext, Db } from '../../context';
import type { ConfigRow } from '../../db/schema';
import { fieldError } from '../intake/field-error';
import type { AuditActor } from '../audit';
import { forgetConfig } from '../config/config-cache';
import {
  auditConfigChange,
  checkedValue,
  lockGroupEntries,
  settingError,
} from '../config/config-check';
import { presentConfigEntry } from '../config/config.presenter';

/**
 * Settings (系统配置) in typed forms: the groups `jsjb`, `system` and `security`. A save
 * checks every value with its key's schema and the group's cross-field rules, writes all of
 * them or none in one transaction with one `config.change` audit row per changed key, and
 * forgets this node's configuration cache after the commit (other nodes follow within
 * CONFIG_CACHE_MS).
 */

export interface SettingsGroup {
  name: string;
  title: string;
  entries: ConfigEntry[];
}

async function groupOf(db: Db, name: SettingGroup, rows?: ConfigRow[]): Promise<SettingsGroup> {
  const [group, entries] = await Promise.all([
    db.selectFrom('config_groups').select('title').where('name', '=', name).executeTakeFirst(),
    rows ??
      db
        .selectFrom('config')
        .selectAll()
        .where('group_name', '=', name)
        .orderBy('sort')
        .orderBy('id')
        .execute(),
  ]);
  return { name, title: group?.title ?? name, entries: entries.map(presentConfigEntry) };
}

export async function getSettings(ctx: AppContext): Promise<{ groups: SettingsGroup[] }> {
  return { groups: await Promise.all(SETTING_GROUPS.map((g) => groupOf(ctx.db, g))) };
}

export async function saveSettings(
  ctx: AppContext,
  input: z.output<typeof settingsSaveBody>,
  actor: AuditActor,
): Promise<{ group: SettingsGroup; changed: string[] }> {
  const { group, values } = input;
  const result = await ctx.db.transaction().execute(async (trx) => {
    const entries = await lockGroupEntries(trx, group);
    const byName = new Map(entries.map((e) => [e.name, e]));
    const stored = Object.fromEntries(entries.map((e) => [e.name, e.value]));
    // Every key first: an unknown one, then each value by its schema, then the cross-field
    // rules on the group as it would be. Nothing is written before all of them pass.
    for (const name of Object.keys(values)) {
      if (!byName.has(name)) throw fieldError(name, 'settings.unknown');
    }
    const next: Record<string, string> = {};
    for (const [name, value] of Object.entries(values)) {
      // known keys: their schema; keys an administrator added: their type
      next[name] = checkedValue(byName.get(name)!, value, {}, name);
    }
    const [crossField] = settingsProblems(group, next, stored).filter(
      (p) => p.message === 'settings.loginMethodRequired',
    );
    if (crossField) throw settingError(crossField.name, crossField);

    const changed = Object.keys(next).filter((name) => next[name] !== stored[name]);
    const now = ctx.now();
    for (const name of changed) {
      const entry = byName.get(name)!;
      await trx
        .updateTable('config')
        .set({ value: next[name], updated_at: now })
        .where('id', '=', entry.id)
        .execute();
      await auditConfigChange(trx, actor, {
        group,
        name,
        title: entry.title,
        old: entry.value,
        new: next[name]!,
      });
      entry.value = next[name]!;
      entry.updated_at = now;
    }
    const rows = [...entries].sort((a, b) => a.sort - b.sort || a.id - b.id);
    return { group: await groupOf(trx, group, rows), changed };
  });
  if (result.changed.length > 0) forgetConfig(ctx);
  return result;
}
