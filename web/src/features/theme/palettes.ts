import type { ThemeName } from './settings';

/**
 * Colours of each theme: the primary colour and the menu surfaces. Every primary carries white
 * text at 4.5:1 or more (WCAG AA, checked by axe in the e2e suite), so the blues and greens are
 * a shade darker than antd's defaults.
 */
export interface Palette {
  primary: string;
  /** Dark menus use antd's dark menu theme. */
  dark: boolean;
  siderBg: string;
  /** The strip of first-level items in the column layout. */
  columnBg: string;
  /** The top bar of the horizontal and common layouts. */
  headerBg: string;
}

export const PALETTES: Record<ThemeName, Palette> = {
  'blue-black': {
    primary: '#1264e0',
    dark: true,
    siderBg: '#001529',
    columnBg: '#000c17',
    headerBg: '#001529',
  },
  'blue-white': {
    primary: '#1264e0',
    dark: false,
    siderBg: '#ffffff',
    columnBg: '#f5f7fa',
    headerBg: '#ffffff',
  },
  'green-black': {
    primary: '#0a7a55',
    dark: true,
    siderBg: '#10241f',
    columnBg: '#0a1a16',
    headerBg: '#10241f',
  },
  'green-white': {
    primary: '#0a7a55',
    dark: false,
    siderBg: '#ffffff',
    columnBg: '#f3f8f6',
    headerBg: '#ffffff',
  },
  ocean: {
    primary: '#1d5cf0',
    dark: true,
    siderBg: 'linear-gradient(180deg, #1e3a8a 0%, #1d4ed8 100%)',
    columnBg: '#172c6b',
    headerBg: 'linear-gradient(90deg, #1e3a8a 0%, #2563eb 100%)',
  },
  'red-white': {
    primary: '#c81d25',
    dark: false,
    siderBg: '#ffffff',
    columnBg: '#fbf4f4',
    headerBg: '#ffffff',
  },
  'red-black': {
    primary: '#c81d25',
    dark: true,
    siderBg: '#2a1517',
    columnBg: '#1d0e10',
    headerBg: '#9f1239',
  },
  'purple-white': {
    primary: '#6d4aff',
    dark: false,
    siderBg: '#ffffff',
    columnBg: '#f6f4ff',
    headerBg: '#ffffff',
  },
};
