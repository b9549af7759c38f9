import { describe, expect, it } from 'vitest';
import {
  defaultSettings,
  effectiveLayout,
  LAYOUTS,
  normalizeSettings,
  randomSkin,
  settingEnabled,
  type ThemeSettings,
} from '../src/features/theme/settings';

const base = defaultSettings(['qu_dqs']);
const withs = (patch: Partial<ThemeSettings>) => ({ ...base, ...patch });

describe('theme settings', () => {
  it('has the spec defaults', () => {
    expect(base).toMatchObject({
      audioset_volumn: 100,
      audioset_voice: 2,
      list_page_size: 10,
      fenpaiAutoJumpOrder: false,
      fenpaiBmAutoJumpOrder: false,
      setWaterMarkStatus: false,
      showUploadBtnCity: false,
      showTabs: true,
      background: 'none',
    });
  });

  it('sound options only when sound is on', () => {
    for (const key of [
      'audioset_loop',
      'audioset_voice',
      'audioset_volumn',
      'audioset_lists',
    ] as const) {
      expect(settingEnabled(key, withs({ showVoiceSetting: true }), false)).toBe(true);
      expect(settingEnabled(key, withs({ showVoiceSetting: false }), false)).toBe(false);
    }
    expect(settingEnabled('showVoiceSetting', withs({ showVoiceSetting: false }), false)).toBe(
      true,
    );
  });

  it('tab icon and tab style only with tabs', () => {
    expect(settingEnabled('showTabsIcon', withs({ showTabs: false }), false)).toBe(false);
    expect(settingEnabled('tabsBarStyle', withs({ showTabs: false }), false)).toBe(false);
    expect(settingEnabled('tabsBarStyle', withs({ showTabs: true }), false)).toBe(true);
  });

  it('column style only in the column layout', () => {
    for (const layout of LAYOUTS) {
      expect(settingEnabled('columnStyle', withs({ layout }), false)).toBe(layout === 'column');
    }
  });

  it('layout choice disabled on mobile, which forces vertical', () => {
    expect(settingEnabled('layout', base, true)).toBe(false);
    expect(settingEnabled('layout', base, false)).toBe(true);
    expect(effectiveLayout(withs({ layout: 'float' }), true)).toBe('vertical');
    expect(effectiveLayout(withs({ layout: 'float' }), false)).toBe('float');
  });

  it('menu background disabled in float and horizontal; fixed header disabled in common', () => {
    for (const layout of LAYOUTS) {
      expect(settingEnabled('background', withs({ layout }), false)).toBe(
        layout !== 'float' && layout !== 'horizontal',
      );
      expect(settingEnabled('fixedHeader', withs({ layout }), false)).toBe(layout !== 'common');
    }
  });

  it('reads stored settings back field by field', () => {
    const read = normalizeSettings(
      { layout: 'bogus', themeName: 'ocean', showTabs: 'yes', audioset_volumn: 47, extra: 1 },
      base,
    );
    expect(read.layout).toBe(base.layout);
    expect(read.themeName).toBe('ocean');
    expect(read.showTabs).toBe(true);
    expect(read.audioset_volumn).toBe(50);
    expect(normalizeSettings(null, base)).toEqual(base);
  });

  it('random skin changes each field; the layout only on desktop', () => {
    const values = [0, 0.3, 0.6, 0.99];
    for (const r of values) {
      const desktop = randomSkin(base, false, () => r);
      expect(desktop.themeName).not.toBe(base.themeName);
      expect(desktop.columnStyle).not.toBe(base.columnStyle);
      expect(desktop.background).not.toBe(base.background);
      expect(desktop.tabsBarStyle).not.toBe(base.tabsBarStyle);
      expect(desktop.showTabsIcon).toBe(!base.showTabsIcon);
      expect(desktop.layout).toBeDefined();
      expect(desktop.layout).not.toBe(base.layout);
      expect(randomSkin(base, true, () => r).layout).toBeUndefined();
    }
  });
});
