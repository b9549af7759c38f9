import { Radio, Select, Switch, Tooltip } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PALETTES } from '../palettes';
import { BACKGROUNDS, COLUMN_STYLES, LAYOUTS, TABS_BAR_STYLES, THEME_NAMES } from '../settings';
import type { TabProps } from './tab-props';
import { SettingRow } from './SettingRow';

/** Layout, colours and the tab bar. */
export function StyleTab({ settings, set, enabled }: TabProps) {
  const { t } = useTranslation();
  const layoutEnabled = enabled('layout');
  return (
    <div className="hl-settings">
      <div className="hl-setting-block" data-setting="layout">
        <div className="hl-setting-label">
          {t('theme.layout')}
          {!layoutEnabled ? (
            <span className="hl-setting-note">{t('theme.layoutMobile')}</span>
          ) : null}
        </div>
        <div className="hl-layout-picker" role="radiogroup" aria-label={t('theme.layout')}>
          {LAYOUTS.map((layout) => (
            <button
              key={layout}
              type="button"
              role="radio"
              aria-checked={settings.layout === layout}
              disabled={!layoutEnabled}
              data-layout-option={layout}
              className={
                settings.layout === layout ? 'hl-layout-thumb is-active' : 'hl-layout-thumb'
              }
              onClick={() => set({ layout })}
            >
              <span className={`hl-thumb hl-thumb-${layout}`}>
                <i className="t-side" />
                <i className="t-strip" />
                <i className="t-head" />
                <i className="t-body" />
              </span>
              <span className="hl-layout-name">{t(`theme.layouts.${layout}`)}</span>
            </button>
          ))}
        </div>
      </div>
      <div className="hl-setting-block" data-setting="themeName">
        <div className="hl-setting-label">{t('theme.themeName')}</div>
        <div className="hl-swatches" role="radiogroup" aria-label={t('theme.themeName')}>
          {THEME_NAMES.map((name) => {
            const p = PALETTES[name];
            return (
              <Tooltip key={name} title={t(`theme.themes.${name}`)}>
                <button
                  type="button"
                  role="radio"
                  aria-checked={settings.themeName === name}
                  aria-label={t(`theme.themes.${name}`)}
                  data-theme-option={name}
                  className="hl-swatch"
                  style={{
                    background: `linear-gradient(135deg, ${p.primary} 50%, ${p.dark ? '#1f2937' : '#e5e7eb'} 50%)`,
                  }}
                  onClick={() => set({ themeName: name })}
                >
                  {settings.themeName === name ? <CheckOutlined /> : null}
                </button>
              </Tooltip>
            );
          })}
        </div>
      </div>
      <SettingRow name="background" label={t('theme.background')} disabled={!enabled('background')}>
        <Radio.Group
          size="small"
          optionType="button"
          disabled={!enabled('background')}
          value={settings.background}
          onChange={(e) => set({ background: e.target.value as (typeof BACKGROUNDS)[number] })}
          options={BACKGROUNDS.map((b) => ({ value: b, label: t(`theme.backgrounds.${b}`) }))}
        />
      </SettingRow>
      <SettingRow
        name="columnStyle"
        label={t('theme.columnStyle')}
        disabled={!enabled('columnStyle')}
      >
        <Select
          size="small"
          className="hl-setting-select"
          disabled={!enabled('columnStyle')}
          value={settings.columnStyle}
          onChange={(v) => set({ columnStyle: v })}
          options={COLUMN_STYLES.map((c) => ({ value: c, label: t(`theme.columnStyles.${c}`) }))}
        />
      </SettingRow>
      <SettingRow name="showTabs" label={t('theme.showTabs')} disabled={false}>
        <Switch checked={settings.showTabs} onChange={(v) => set({ showTabs: v })} />
      </SettingRow>
      <SettingRow
        name="showTabsIcon"
        label={t('theme.showTabsIcon')}
        disabled={!enabled('showTabsIcon')}
      >
        <Switch
          disabled={!enabled('showTabsIcon')}
          checked={settings.showTabsIcon}
          onChange={(v) => set({ showTabsIcon: v })}
        />
      </SettingRow>
      <SettingRow
        name="tabsBarStyle"
        label={t('theme.tabsBarStyle')}
        disabled={!enabled('tabsBarStyle')}
      >
        <Select
          size="small"
          className="hl-setting-select"
          disabled={!enabled('tabsBarStyle')}
          value={settings.tabsBarStyle}
          onChange={(v) => set({ tabsBarStyle: v })}
          options={TABS_BAR_STYLES.map((s) => ({ value: s, label: t(`theme.tabsBarStyles.${s}`) }))}
        />
      </SettingRow>
      <SettingRow
        name="fixedHeader"
        label={t('theme.fixedHeader')}
        disabled={!enabled('fixedHeader')}
      >
        <Switch
          disabled={!enabled('fixedHeader')}
          checked={settings.fixedHeader}
          onChange={(v) => set({ fixedHeader: v })}
        />
      </SettingRow>
    </div>
  );
}
