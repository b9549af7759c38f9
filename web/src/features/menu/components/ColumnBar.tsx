import type { MenuNode } from '../api';
import { MenuIcon } from '../icons';
import type { MenuLabelContext } from '../menu-items';
import { firstLeafPath, menuTitle } from '../routes';

export interface ColumnBarProps {
  nodes: readonly MenuNode[];
  /** Path of the first-level node whose branch is shown beside the strip. */
  activeRoot: string | undefined;
  ctx: MenuLabelContext;
  /** Column style: vertical, horizontal, card or arrow. */
  columnStyle: string;
  onNavigate: (path: string) => void;
}

/** The column layout's strip of first-level items; a group opens its first page. */
export function ColumnBar({ nodes, activeRoot, ctx, columnStyle, onNavigate }: ColumnBarProps) {
  return (
    <ul className={`hl-column-items hl-column-${columnStyle}`} role="menu">
      {nodes
        .filter((n) => !n.meta.hidden)
        .map((node) => {
          const active = node.path === activeRoot;
          const target = firstLeafPath(node);
          const dot = node.children.some((c) => c.meta.menuId && ctx.dots.has(c.meta.menuId));
          return (
            <li
              key={node.path}
              role="menuitem"
              tabIndex={0}
              aria-current={active ? 'page' : undefined}
              className={active ? 'hl-column-item is-active' : 'hl-column-item'}
              onClick={() => target && onNavigate(target)}
              onKeyDown={(e) => {
                if ((e.key === 'Enter' || e.key === ' ') && target) onNavigate(target);
              }}
            >
              <span className="hl-column-icon">
                <MenuIcon name={node.meta.icon} />
                {dot ? <i className="hl-column-dot" /> : null}
              </span>
              <span className="hl-column-title">{menuTitle(node, ctx.english)}</span>
            </li>
          );
        })}
    </ul>
  );
}
