import type { MenuProps } from 'antd';
import { Badge } from 'antd';
import type { MenuNode } from './api';
import { MenuIcon } from './icons';
import { GROUP_COMPONENT, menuTitle } from './routes';

export type MenuItems = NonNullable<MenuProps['items']>;

/** What a menu label shows besides its title. */
export interface MenuLabelContext {
  english: boolean;
  /** Badge counts by menu id. */
  counts: Record<string, number>;
  /** Menu ids that show a notice dot. */
  dots: ReadonlySet<string>;
  /** 99 when web config is_has_badge_99 is set, else no cap. */
  cap: number;
}

/** Spec section 2: a group with more than 18 children scrolls. */
export const SCROLL_THRESHOLD = 18;
export const SCROLL_CLASS = 'hl-menu-scroll';

export function MenuLabel({ node, ctx }: { node: MenuNode; ctx: MenuLabelContext }) {
  const title = menuTitle(node, ctx.english);
  const id = node.meta.menuId;
  const count = id ? (ctx.counts[id] ?? 0) : 0;
  return (
    <span className="hl-menu-label" data-menu-id={id ?? undefined}>
      <span className="hl-menu-title">{title}</span>
      {count > 0 ? (
        <Badge className="hl-menu-badge" count={count} overflowCount={ctx.cap} size="small" />
      ) : id && ctx.dots.has(id) ? (
        <Badge className="hl-menu-dot" dot />
      ) : null}
    </span>
  );
}

export function visibleChildren(node: MenuNode): MenuNode[] {
  return node.children.filter((c) => !c.meta.hidden);
}

/** The server's tree as antd Menu items, keyed by path; hidden routes are left out. */
export function toMenuItems(
  nodes: readonly MenuNode[],
  ctx: MenuLabelContext,
  depth = 0,
): MenuItems {
  return nodes
    .filter((node) => !node.meta.hidden)
    .map((node) => {
      const icon = depth === 0 || node.meta.icon ? <MenuIcon name={node.meta.icon} /> : undefined;
      const label = <MenuLabel node={node} ctx={ctx} />;
      const children = visibleChildren(node);
      if (node.component === GROUP_COMPONENT && children.length > 0) {
        const scroll = children.length > SCROLL_THRESHOLD ? SCROLL_CLASS : undefined;
        return {
          key: node.path,
          icon,
          label,
          className: scroll,
          popupClassName: scroll,
          children: toMenuItems(children, ctx, depth + 1),
        };
      }
      return { key: node.path, icon, label };
    });
}

/** Keys of the groups on the way to a path (the open submenus). */
export function ancestorKeys(nodes: readonly MenuNode[], path: string): string[] {
  for (const node of nodes) {
    if (node.path === path) return [];
    const below = ancestorKeys(node.children, path);
    if (below.length > 0 || node.children.some((c) => c.path === path)) {
      return [node.path, ...below];
    }
  }
  return [];
}
