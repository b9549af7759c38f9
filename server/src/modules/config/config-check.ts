import {
  settingMeta,
  settingSchema,
  settingsProblems,
  type SettingProblem,
} from '@hotline/contract';
import type { Db } from '../../context';
import type { ConfigRow } from '../../db/schema';
import { AppError, badRequest } from '../../http/app-error';
import { recordAudit, type AuditActor } from '../audit';

/**
 * Checks shared by every write of a configuration value (`/admin/settings/save`,
 * `/config/save`, `/config/add`): a key the settings know (packages/contract/src/settings.ts)
 * is checked with its schema and its group's cross-field rules; any other key by its type.
 * Every change is one `config.change` audit row in the writer's transaction.
 */

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

/** 400 "field: reason" in the caller's language (the settings' message of the problem). */
export function settingError(field: string, problem: SettingProblem): AppError {
  return badRequest(problem.message, { ...problem.params, field });
}

/**
 * The value to store for `entry` (a key with a schema: its output, e.g. trimmed), or a 400.
 * `groupValues`: the group's stored values, for the cross-field rules; `field`: what the 400
 * names (the key itself, or `value` for the generic config endpoints).
 */
export function checkedValue(
  entry: Pick<ConfigRow, 'group_name' | 'name' | 'type' | 'options'>,
  value: string,
  groupValues: Readonly<Record<string, string>>,
  field: string = entry.name,
): string {
  if (settingMeta(entry.group_name, entry.name)) {
    const [problem] = settingsProblems(entry.group_name, { [entry.name]: value }, groupValues);
    if (problem) throw settingError(field === entry.name ? problem.name : field, problem);
    // The schema's output: trimmed, integers without leading zeros.
    return settingSchema(entry.group_name, entry.name)!.parse(value);
  }
  const reason = checkValue(entry.type, value, entry.options);
  if (reason) throw badRequest('config.valueInvalid', { reason });
  return value;
}

/**
 * Row-locks every entry of a group (id order, so writers of one group queue up instead of
 * deadlocking) and answers them: cross-field rules then see the group as it commits.
 */
export function lockGroupEntries(trx: Db, group: string): Promise<ConfigRow[]> {
  return trx
    .selectFrom('config')
    .selectAll()
    .where('group_name', '=', group)
    .orderBy('id')
    .forUpdate()
    .execute();
}

export interface ConfigChange {
  group: string;
  name: string;
  title: string;
  old: string | null;
  new: string | null;
  /** Other fields that changed (title, public, remark, sort): field → [old, new]. */
  changes?: Record<string, [unknown, unknown]>;
}

/** One `config.change` audit row (target `group.name`), in the writer's transaction. */
export async function auditConfigChange(
  trx: Db,
  actor: AuditActor,
  change: ConfigChange,
): Promise<void> {
  const detail: Record<string, unknown> = {
    group: change.group,
    name: change.name,
    old: change.old,
    new: change.new,
  };
  if (change.changes && Object.keys(change.changes).length > 0) detail.changes = change.changes;
  await recordAudit(trx, actor, {
    action: 'config.change',
    target: { type: 'config', id: `${change.group}.${change.name}`, name: change.title },
    detail,
  });
}
