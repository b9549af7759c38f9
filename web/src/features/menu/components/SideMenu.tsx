import { useEffect, useMemo, useState } from 'react';
import { Menu } from 'antd';
import type { MenuNode } from '../api';
import { ancestorKeys, toMenuItems, type MenuLabelContext } from '../menu-items';

export interface SideMenuProps {
  nodes: readonly MenuNode[];
  activePath: string;
  ctx: MenuLabelContext;
  dark: boolean;
  collapsed?: boolean;
  /** 'inline' (accordion tree) or 'vertical' (submenus float beside the bar). */
  mode?: 'inline' | 'vertical';
  onNavigate: (path: string) => void;
}

/** The side menu: an accordion (one branch open at a time) that follows the active route. */
export function SideMenu({
  nodes,
  activePath,
  ctx,
  dark,
  collapsed = false,
  mode = 'inline',
  onNavigate,
}: SideMenuProps) {
  const items = useMemo(() => toMenuItems(nodes, ctx), [nodes, ctx]);
  const activeBranch = useMemo(() => ancestorKeys(nodes, activePath), [nodes, activePath]);
  const [openKeys, setOpenKeys] = useState<string[]>(activeBranch);
  useEffect(() => setOpenKeys(activeBranch), [activeBranch]);

  const onOpenChange = (keys: string[]) => {
    // Accordion: opening a branch closes its siblings.
    const opened = keys.find((k) => !openKeys.includes(k));
    if (!opened) return setOpenKeys(keys);
    const path = [...ancestorKeys(nodes, opened), opened];
    setOpenKeys(keys.filter((k) => path.includes(k)));
  };

  return (
    <Menu
      className="hl-side-menu"
      mode={collapsed ? 'vertical' : mode}
      theme={dark ? 'dark' : 'light'}
      inlineCollapsed={mode === 'inline' ? collapsed : undefined}
      items={items}
      selectedKeys={[activePath]}
      openKeys={collapsed || mode === 'vertical' ? undefined : openKeys}
      onOpenChange={onOpenChange}
      onClick={({ key }) => onNavigate(key)}
    />
  );
}
