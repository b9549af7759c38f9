import type { ReactNode } from 'react';
import type { MenuNode } from '../../../features/menu/api';
import type { MenuLabelContext } from '../../../features/menu/menu-items';
import type { Palette } from '../../../features/theme/palettes';
import type { ThemeSettings } from '../../../features/theme/settings';

/** Everything a layout arranges; the shell builds the parts, a layout only places them. */
export interface LayoutProps {
  menu: readonly MenuNode[];
  /** The active route's menu key (its path pattern). */
  activeKey: string;
  /** The first-level node whose branch holds the active route. */
  activeRoot: MenuNode | undefined;
  labels: MenuLabelContext;
  palette: Palette;
  settings: ThemeSettings;
  /** Menu background pattern on (and allowed in this layout). */
  patterned: boolean;
  mobile: boolean;
  collapsed: boolean;
  onToggle: () => void;
  navigate: (path: string) => void;
  websiteName: string;
  tools: ReactNode;
  crumbs: ReactNode;
  /** The tab bar (null when tabs are off); `leading` goes before the tabs. */
  tabs: (leading?: ReactNode) => ReactNode;
  content: ReactNode;
  footer: ReactNode;
}
