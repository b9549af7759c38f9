import { Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { RULES } from '@hotline/domain';
import { PAGE_SIZES, type SettingKey } from '../settings';
import { useThemeStore } from '../theme-store';
import type { TabProps } from './tab-props';
import { SettingRow } from './SettingRow';

type Toggle = Extract<
  SettingKey,
  | 'showLanguage'
  | 'showProgressBar'
  | 'showRefresh'
  | 'showSearch'
  | 'showNotice'
  | 'showFullScreen'
  | 'setWaterMarkStatus'
  | 'showUploadBtnCity'
  | 'saveAutoJumpOrder'
  | 'banjieAutoJumpOrder'
  | 'hufuAutoJumpOrder'
  | 'fenpaiAutoJumpOrder'
  | 'fenpaiBmAutoJumpOrder'
  | 'huifangAutoJumpOrder'
>;

const TOOLS: Toggle[] = [
  'showLanguage',
  'showProgressBar',
  'showRefresh',
  'showSearch',
  'showNotice',
  'showFullScreen',
  'setWaterMarkStatus',
  'showUploadBtnCity',
];
/** Shown to holders of /jsjb/dw#/jsjb/case (spec section 6). */
const CASE_RULES = `${RULES.districtQuery}#${RULES.case}`;
const ORDER_JUMPS: Toggle[] = [
  'saveAutoJumpOrder',
  'banjieAutoJumpOrder',
  'hufuAutoJumpOrder',
  'fenpaiAutoJumpOrder',
  'fenpaiBmAutoJumpOrder',
];

/** Top-bar tools, list page size, watermark and the auto-jump settings the rules allow. */
export function BasicTab({
  settings,
  set,
  enabled,
  has,
}: TabProps & { has: (rules: string) => boolean }) {
  const { t } = useTranslation();
  const siteWatermark = useThemeStore((s) => s.siteWatermark);
  const toggle = (key: Toggle) => {
    // 系统配置 is_watermark: the watermark is on for everyone, not the user's choice
    const forced = key === 'setWaterMarkStatus' && siteWatermark;
    const disabled = forced || !enabled(key);
    const label = forced ? (
      <>
        {t(`theme.basic.${key}`)}
        <span className="hl-setting-note">{t('adminSettings.watermark.enforcedBySite')}</span>
      </>
    ) : (
      t(`theme.basic.${key}`)
    );
    return (
      <SettingRow key={key} name={key} label={label} disabled={disabled}>
        <Switch
          disabled={disabled}
          checked={forced || settings[key]}
          onChange={(v) => set({ [key]: v })}
        />
      </SettingRow>
    );
  };
  const jumps = [
    ...(has(CASE_RULES) ? ORDER_JUMPS : []),
    ...(has(RULES.callback) ? (['huifangAutoJumpOrder'] as Toggle[]) : []),
  ];
  return (
    <div className="hl-settings">
      {TOOLS.map(toggle)}
      <SettingRow name="list_page_size" label={t('theme.basic.list_page_size')} disabled={false}>
        <Select
          size="small"
          className="hl-setting-select"
          value={settings.list_page_size}
          onChange={(v) => set({ list_page_size: v })}
          options={PAGE_SIZES.map((n) => ({ value: n, label: t('theme.basic.perPage', { n }) }))}
        />
      </SettingRow>
      {jumps.length > 0 ? (
        <>
          <div className="hl-settings-heading">{t('theme.basic.jumps')}</div>
          {jumps.map(toggle)}
        </>
      ) : null}
    </div>
  );
}
