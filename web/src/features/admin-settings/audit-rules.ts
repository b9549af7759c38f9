import { AUDIT_ACTIONS, type AuditAction } from '@hotline/contract';

/**
 * Pure presentation rules of the audit log: the action catalogue the filter offers, and an
 * entry's `detail` as readable lines (changes as old → new).
 */

/**
 * Is it one of the contract's AUDIT_ACTIONS (which the filter lists, in their order)? An action
 * the console does not know yet (a row written by a newer node) is shown by its raw name.
 */
export function isKnownAction(action: string): action is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(action);
}

/** Colour of an action's tag: failures red, removals orange, logins blue, the rest default. */
export function actionColor(action: string): string {
  if (action === 'login.failure') return 'red';
  if (action === 'order.forceUnlock' || /\.(disable|delete|revoke)$/.test(action)) return 'orange';
  if (action.startsWith('login.')) return 'blue';
  if (action === 'config.change') return 'purple';
  return 'default';
}

/** One line of a detail: a change (`old → new`) or a plain value. */
export type DetailLine =
  | { kind: 'change'; field: string; from: string | null; to: string | null }
  | { kind: 'value'; field: string; value: string };

/** A value as text; null for "nothing" ('' or null), so the view can say （空）. */
export function valueText(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  // a person or a thing named: its name ({id, name} of a lock holder)
  if (typeof value === 'object' && !Array.isArray(value) && 'name' in value) {
    const name = (value as { name: unknown }).name;
    if (typeof name === 'string' && name !== '') return name;
  }
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null)) {
    return value.map((v) => String(v)).join(', ');
  }
  return JSON.stringify(value);
}

function isPair(value: unknown): value is [unknown, unknown] {
  return Array.isArray(value) && value.length === 2;
}

/**
 * A detail as lines: a single change (`old`, `new`, of the setting `name`) or `changes` (field
 * → [old, new], or field → {from, to}) first, one line per changed field; then every other key
 * as `key: value`.
 */
export function detailLines(detail: Record<string, unknown>): DetailLine[] {
  const lines: DetailLine[] = [];
  const skip = new Set<string>();
  if ('old' in detail && 'new' in detail) {
    const field = typeof detail.name === 'string' ? detail.name : '';
    lines.push({ kind: 'change', field, from: valueText(detail.old), to: valueText(detail.new) });
    for (const key of ['old', 'new', 'name', 'group']) skip.add(key);
  }
  const changes = detail.changes;
  const hasChanges = !!changes && typeof changes === 'object' && !Array.isArray(changes);
  if (hasChanges) {
    for (const [field, change] of Object.entries(changes as Record<string, unknown>)) {
      if (isPair(change)) {
        lines.push({ kind: 'change', field, from: valueText(change[0]), to: valueText(change[1]) });
      } else if (change && typeof change === 'object' && ('from' in change || 'to' in change)) {
        const c = change as { from?: unknown; to?: unknown };
        lines.push({ kind: 'change', field, from: valueText(c.from), to: valueText(c.to) });
      } else {
        lines.push({ kind: 'value', field, value: valueText(change) ?? '' });
      }
    }
  }
  for (const [field, value] of Object.entries(detail)) {
    if (skip.has(field) || (field === 'changes' && hasChanges)) continue;
    const text = valueText(value);
    if (text !== null) lines.push({ kind: 'value', field, value: text });
  }
  return lines;
}
