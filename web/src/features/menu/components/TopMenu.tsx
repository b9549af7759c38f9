import { useMemo } from 'react';
import { Menu } from 'antd';
import type { MenuNode } from '../api';
import { ancestorKeys, toMenuItems, type MenuLabelContext } from '../menu-items';
import { firstLeafPath } from '../routes';

export interface TopMenuProps {
  nodes: readonly MenuNode[];
  activePath: string;
  ctx: MenuLabelContext;
  dark: boolean;
  /** First level only: clicking a group opens its first page (comprehensive layout). */
  firstLevelOnly?: boolean;
  onNavigate: (path: string) => void;
}

/** The menu in the header: the whole tree (horizontal layout) or the first level. */
export function TopMenu({
  nodes,
  activePath,
  ctx,
  dark,
  firstLevelOnly = false,
  onNavigate,
}: TopMenuProps) {
  const items = useMemo(() => {
    if (!firstLevelOnly) return toMenuItems(nodes, ctx);
    const flat = nodes.map((n) => ({ ...n, children: [] }));
    return toMenuItems(flat, ctx);
  }, [nodes, ctx, firstLevelOnly]);
  const selected = useMemo(() => {
    const branch = ancestorKeys(nodes, activePath);
    return firstLevelOnly ? [branch[0] ?? activePath] : [activePath, ...branch];
  }, [nodes, activePath, firstLevelOnly]);

  return (
    <Menu
      className="hl-top-menu"
      mode="horizontal"
      theme={dark ? 'dark' : 'light'}
      items={items}
      selectedKeys={selected}
      onClick={({ key }) => {
        const node = nodes.find((n) => n.path === key);
        onNavigate((node && firstLeafPath(node)) ?? key);
      }}
    />
  );
}
