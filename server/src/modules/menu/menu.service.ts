import type { MenuNode } from '@hotline/contract';
import { can, scopeForUnit, type Guard } from '@hotline/domain';
import type { AppContext } from '../../context';
import type { MenuRow } from '../../db/schema';
import type { AuthContext } from '../auth/auth-context';
import { configValues, menuRows } from '../config/config-cache';

/**
 * The menu for one user: every rule entry whose guard the user passes (spec section 6), whose
 * unit kinds include the user's (district / street / department), and whose web-config switch,
 * if it names one, is on. Admins pass every guard and unit condition; switches still apply.
 */
export function visibleMenus(
  rows: MenuRow[],
  auth: AuthContext,
  config: Record<string, string>,
): MenuRow[] {
  const scope = scopeForUnit(auth.unit.kind);
  const visible = rows.filter((row) => {
    if (row.config_key && config[row.config_key] !== '1') return false;
    if (auth.acl.admin) return true;
    if (row.unit_kinds && row.unit_kinds.length > 0 && (!scope || !row.unit_kinds.includes(scope)))
      return false;
    return can(auth.acl, (row.guard ?? null) as Guard | null);
  });
  return pruneTree(visible);
}

/** Drops entries whose parent is not visible, and groups left with no visible child. */
function pruneTree(rows: MenuRow[]): MenuRow[] {
  let kept = rows;
  for (;;) {
    const keys = new Set(kept.map((r) => r.key));
    const withChildren = new Set(kept.map((r) => r.parent_key).filter((k) => k !== null));
    const next = kept.filter(
      (r) =>
        (r.parent_key === null || keys.has(r.parent_key)) &&
        (r.component !== 'Layout' || withChildren.has(r.key)),
    );
    if (next.length === kept.length) return kept;
    kept = next;
  }
}

/** `badges`: queue id → count (lists/counts); entries of other queues or none get null. */
export function buildTree(
  rows: MenuRow[],
  badges: Readonly<Record<string, number>> = {},
): MenuNode[] {
  const nodes = new Map<string, MenuNode>();
  for (const row of rows) {
    nodes.set(row.key, {
      id: row.id,
      key: row.key,
      path: row.path,
      name: row.name,
      component: row.component,
      meta: {
        title: row.title,
        titleEn: row.title_en,
        icon: row.icon,
        hidden: !row.is_menu,
        menuId: row.queue_id,
        badge: row.queue_id !== null ? (badges[row.queue_id] ?? null) : null,
      },
      children: [],
    });
  }
  const roots: MenuNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.key);
    if (!node) continue;
    const parent = row.parent_key ? nodes.get(row.parent_key) : undefined;
    if (parent) parent.children.push(node);
    else if (!row.parent_key) roots.push(node);
  }
  return roots;
}

/** Every route entry this user may load; non-menu routes come flagged `hidden`. */
export async function menuFor(ctx: AppContext, auth: AuthContext): Promise<MenuRow[]> {
  const [rows, config] = await Promise.all([menuRows(ctx), configValues(ctx, 'jsjb')]);
  return visibleMenus(rows, auth, config);
}
