import type { AuditAction } from '@hotline/contract';
import type { Db } from '../../context';

/**
 * The audit log (migration 014): who did what, when, from where. One row per login (success
 * or failure), administrative change, export, force unlock, password reset. Written in the
 * caller's transaction where there is one, so an audited change and its row commit together.
 */

export type { AuditAction } from '@hotline/contract';

/** Who acted: a signed-in caller, or (a failed login) just the name that was typed. */
export interface AuditActor {
  id: number | null;
  name: string;
  ip: string;
}

export interface AuditEntry {
  action: AuditAction;
  target?: { type: string; id: string | number; name?: string };
  /** e.g. `{ changes: { title: ['old', 'new'] } }`, `{ reason }`. Never a password. */
  detail?: Record<string, unknown>;
  at?: Date;
}

export async function recordAudit(db: Db, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      ...(entry.at ? { at: entry.at } : {}),
      actor_id: actor.id,
      actor_name: actor.name.slice(0, 100),
      ip: actor.ip.slice(0, 100),
      action: entry.action,
      target_type: entry.target?.type ?? '',
      target_id: entry.target ? String(entry.target.id) : '',
      target_name: (entry.target?.name ?? '').slice(0, 200),
      detail: JSON.stringify(entry.detail ?? {}),
    })
    .execute();
}

/** Field → [old, new] for the fields that differ (for `detail.changes`). */
export function changesOf<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined) continue;
    const old = before[key];
    if (JSON.stringify(old) !== JSON.stringify(value)) out[key] = [old ?? null, value];
  }
  return out;
}

/** The audit actor of a signed-in request (the user name; the log shows the real name too). */
export function requestActor(request: {
  auth: { userId: number; username: string } | null;
  ip: string;
}): AuditActor {
  return { id: request.auth?.userId ?? null, name: request.auth?.username ?? '', ip: request.ip };
}
