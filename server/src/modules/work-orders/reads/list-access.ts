import {
  COUNTED_QUEUES,
  QUEUE_FILTERS,
  listSources,
  type ListKind,
  type Actor,
  type QueueContext,
} from '@hotline/domain';
import type { AppContext } from '../../../context';
import type { MenuRow } from '../../../db/schema';
import { AppError, badRequest } from '../../../http/app-error';
import type { AuthContext } from '../../auth/auth-context';
import { visibleMenus } from '../../menu/menu.service';
import { actorFrom } from '../actor';
import { queueContextFor, workflowConfigFrom } from '../lifecycle-settings';
import { configValues, menuRows as cachedMenuRows } from '../../config/config-cache';
import { rowScope, type RowScope } from './scope-sql';
import { reminderSettingsFrom } from '../../deadlines/deadline-settings';
import type { DeadlineView } from '../../deadlines/deadline-view';

/**
 * Who is reading, resolved once per request: the domain actor, the row scope, the queue
 * context (clock, unit, configured modes) and the queues of the caller's menu — a user may ask
 * for exactly the queues its menu shows (admins see every queue entry).
 */
export interface Reader {
  auth: AuthContext;
  actor: Actor;
  scope: RowScope;
  queueCtx: QueueContext;
  queues: readonly string[];
  now: Date;
  /** The clock and reminder offsets each row's next-deadline state is told with. */
  deadlines: DeadlineView;
}

export function queueIdsOf(rows: readonly MenuRow[]): string[] {
  const ids = rows.flatMap((r) => (r.queue_id && r.queue_id in QUEUE_FILTERS ? [r.queue_id] : []));
  return [...new Set(ids)];
}

export async function readerFor(
  ctx: AppContext,
  auth: AuthContext,
  menuRows?: readonly MenuRow[],
): Promise<Reader> {
  const now = ctx.now();
  // One read of the config serves both the workflow settings and the menu's switches.
  const [values, allMenus] = await Promise.all([
    configValues(ctx, 'jsjb'),
    menuRows ? Promise.resolve(null) : cachedMenuRows(ctx),
  ]);
  const config = workflowConfigFrom(values);
  const rows = menuRows ?? visibleMenus(allMenus ?? [], auth, values);
  const actor = actorFrom(auth);
  return {
    auth,
    actor,
    scope: rowScope(actor),
    queueCtx: queueContextFor(auth, config, now),
    queues: queueIdsOf(rows),
    now,
    deadlines: { now, reminders: reminderSettingsFrom(values) },
  };
}

/** The caller's queues that are counted (badges, lists/counts): all but personal lists. */
export function countedQueues(reader: Reader): string[] {
  return reader.queues.filter((q) => COUNTED_QUEUES.includes(q));
}

/** 400 for a queue id that does not exist, 403 for one outside the caller's menu. */
export function assertQueue(reader: Reader, menuId: string): void {
  if (!(menuId in QUEUE_FILTERS)) throw badRequest('list.unknownQueue', { menuId });
  if (!reader.queues.includes(menuId)) throw new AppError(403, 'list.queueForbidden', { menuId });
}

/**
 * The order sources of a list (spec section 6, decision 0019, `listSources`): every source
 * for a queue or another list of work; for the whole list 1, 5, 7 by default and 8, 9, 10 as
 * well with /ddw_button_role, or every source for a reader confined to its unit. Asking for a
 * source outside the allowed ones is refused (400 naming typeId) rather than silently
 * narrowed, so a console never shows a list that is not what it asked for.
 */
export function typeIdsFor(
  reader: Reader,
  requested: readonly number[] | undefined,
  kind: ListKind,
): number[] {
  const { allowed, byDefault } = listSources(reader.actor, kind);
  const asked = requested ?? byDefault;
  if (asked.some((t) => !allowed.includes(t))) {
    throw badRequest('list.typeNotAllowed', { allowed: allowed.join(',') });
  }
  return [...new Set(asked)];
}

/** A list body's kind: a queue when it names one, else `otherwise` (the whole list). */
export const listKindOf = (menuId: string | undefined, otherwise: ListKind = 'whole'): ListKind =>
  menuId ? 'queue' : otherwise;
