/**
 * The theme settings of spec section 3 with their defaults, the enable rules of spec section 5
 * and the random skin of spec section 4. Pure: the store and the drawer build on these.
 */

export const LAYOUTS = [
  'column',
  'comprehensive',
  'vertical',
  'horizontal',
  'common',
  'float',
] as const;
export type LayoutName = (typeof LAYOUTS)[number];

export const THEME_NAMES = [
  'blue-black',
  'blue-white',
  'green-black',
  'green-white',
  'ocean',
  'red-white',
  'red-black',
  'purple-white',
] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

export const BACKGROUNDS = ['none', 'vab-background'] as const;
export type Background = (typeof BACKGROUNDS)[number];

export const TABS_BAR_STYLES = ['card', 'smart', 'smooth'] as const;
export type TabsBarStyle = (typeof TABS_BAR_STYLES)[number];

export const COLUMN_STYLES = ['vertical', 'horizontal', 'card', 'arrow'] as const;
export type ColumnStyle = (typeof COLUMN_STYLES)[number];

/** List page sizes of spec section 9. */
export const PAGE_SIZES = [10, 15, 20, 30, 40, 50, 100, 150] as const;

export interface ThemeSettings {
  showVoiceSetting: boolean;
  audioset_loop: boolean;
  /** 1 male, 2 female. */
  audioset_voice: 1 | 2;
  /** 0–100 in steps of 10. */
  audioset_volumn: number;
  /** Queue ids whose new-order alerts play a sound. */
  audioset_lists: string[];
  layout: LayoutName;
  themeName: ThemeName;
  background: Background;
  showTabs: boolean;
  showTabsIcon: boolean;
  tabsBarStyle: TabsBarStyle;
  columnStyle: ColumnStyle;
  fixedHeader: boolean;
  showLanguage: boolean;
  showProgressBar: boolean;
  showRefresh: boolean;
  showSearch: boolean;
  showNotice: boolean;
  showFullScreen: boolean;
  list_page_size: number;
  saveAutoJumpOrder: boolean;
  banjieAutoJumpOrder: boolean;
  hufuAutoJumpOrder: boolean;
  huifangAutoJumpOrder: boolean;
  fenpaiAutoJumpOrder: boolean;
  fenpaiBmAutoJumpOrder: boolean;
  setWaterMarkStatus: boolean;
  showUploadBtnCity: boolean;
}

export type SettingKey = keyof ThemeSettings;

export function defaultSettings(alertQueues: readonly string[] = []): ThemeSettings {
  return {
    showVoiceSetting: true,
    audioset_loop: false,
    audioset_voice: 2,
    audioset_volumn: 100,
    audioset_lists: [...alertQueues],
    layout: 'column',
    themeName: 'blue-black',
    background: 'none',
    showTabs: true,
    showTabsIcon: true,
    tabsBarStyle: 'smart',
    columnStyle: 'card',
    fixedHeader: true,
    showLanguage: true,
    showProgressBar: true,
    showRefresh: true,
    showSearch: true,
    showNotice: true,
    showFullScreen: true,
    list_page_size: 10,
    saveAutoJumpOrder: true,
    banjieAutoJumpOrder: true,
    hufuAutoJumpOrder: true,
    huifangAutoJumpOrder: true,
    fenpaiAutoJumpOrder: false,
    fenpaiBmAutoJumpOrder: false,
    setWaterMarkStatus: false,
    showUploadBtnCity: false,
  };
}

const SOUND_OPTIONS: readonly SettingKey[] = [
  'audioset_loop',
  'audioset_voice',
  'audioset_volumn',
  'audioset_lists',
];

/**
 * Spec section 5: sound options only when sound is on; tab icon and style only with tabs;
 * column style only in the column layout; layout choice not on mobile; menu background not in
 * the float and horizontal layouts; fixed header not in the common layout.
 */
export function settingEnabled(key: SettingKey, settings: ThemeSettings, mobile: boolean): boolean {
  if (SOUND_OPTIONS.includes(key)) return settings.showVoiceSetting;
  if (key === 'showTabsIcon' || key === 'tabsBarStyle') return settings.showTabs;
  if (key === 'columnStyle') return settings.layout === 'column' && !mobile;
  if (key === 'layout') return !mobile;
  if (key === 'background') return settings.layout !== 'float' && settings.layout !== 'horizontal';
  if (key === 'fixedHeader') return settings.layout !== 'common';
  return true;
}

/** The layout actually shown: a viewport under 992 px forces vertical (spec section 2). */
export function effectiveLayout(settings: ThemeSettings, mobile: boolean): LayoutName {
  return mobile ? 'vertical' : settings.layout;
}

function oneOf<T>(values: readonly T[], fallback: T): (value: unknown) => T {
  return (value) => (values.includes(value as T) ? (value as T) : fallback);
}

/** Stored settings are read back field by field; anything unreadable takes its default. */
export function normalizeSettings(stored: unknown, defaults: ThemeSettings): ThemeSettings {
  if (typeof stored !== 'object' || stored === null) return { ...defaults };
  const input = stored as Record<string, unknown>;
  const out: ThemeSettings = { ...defaults };
  const pick: { [K in SettingKey]?: (value: unknown) => ThemeSettings[K] } = {
    audioset_voice: oneOf([1, 2] as const, defaults.audioset_voice),
    audioset_volumn: (v) =>
      typeof v === 'number' && v >= 0 && v <= 100 ? Math.round(v / 10) * 10 : 100,
    audioset_lists: (v) =>
      Array.isArray(v)
        ? v.filter((x): x is string => typeof x === 'string')
        : defaults.audioset_lists,
    layout: oneOf(LAYOUTS, defaults.layout),
    themeName: oneOf(THEME_NAMES, defaults.themeName),
    background: oneOf(BACKGROUNDS, defaults.background),
    tabsBarStyle: oneOf(TABS_BAR_STYLES, defaults.tabsBarStyle),
    columnStyle: oneOf(COLUMN_STYLES, defaults.columnStyle),
    list_page_size: oneOf(PAGE_SIZES as readonly number[], defaults.list_page_size),
  };
  for (const key of Object.keys(defaults) as SettingKey[]) {
    if (!(key in input)) continue;
    const read = pick[key];
    if (read) (out as unknown as Record<string, unknown>)[key] = read(input[key]);
    else if (typeof input[key] === 'boolean')
      (out as unknown as Record<string, unknown>)[key] = input[key];
  }
  return out;
}

function different<T>(values: readonly T[], current: T, random: () => number): T {
  const others = values.filter((v) => v !== current);
  return others[Math.floor(random() * others.length)] ?? current;
}

/**
 * Random skin (spec section 4): theme, column style, background, tab style and tab icon each
 * take a different value; the layout changes only on desktop, mobile stays vertical.
 */
export function randomSkin(
  settings: ThemeSettings,
  mobile: boolean,
  random: () => number = Math.random,
): Partial<ThemeSettings> {
  const next: Partial<ThemeSettings> = {
    themeName: different(THEME_NAMES, settings.themeName, random),
    columnStyle: different(COLUMN_STYLES, settings.columnStyle, random),
    background: different(BACKGROUNDS, settings.background, random),
    tabsBarStyle: different(TABS_BAR_STYLES, settings.tabsBarStyle, random),
    showTabsIcon: !settings.showTabsIcon,
  };
  if (!mobile) next.layout = different(LAYOUTS, settings.layout, random);
  return next;
}
