import { Alert, Radio, Select, Slider, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { QUEUES } from '@hotline/domain';
import { isEnglish } from '../../../i18n';
import { ALERT_QUEUES, useThemeStore } from '../theme-store';
import type { TabProps } from './tab-props';
import { SettingRow } from './SettingRow';

const SCOPE_KEYS = {
  district: 'district',
  street: 'street',
  department: 'department',
  callback: 'callback',
  intake: 'intake',
} as const;

/**
 * Sound settings; the options only apply while sound is on. With voice alerts turned off for
 * the site (系统配置 is_voice_push), everything here is disabled and says why.
 */
export function SoundTab({ settings, set, enabled: enabledByRules }: TabProps) {
  const { t, i18n } = useTranslation();
  const siteVoice = useThemeStore((s) => s.siteVoice);
  const enabled: TabProps['enabled'] = (key) => siteVoice && enabledByRules(key);
  const english = isEnglish(i18n.language);
  const options = ALERT_QUEUES.map((id) => {
    const queue = QUEUES.find((q) => q.id === id);
    const scope = queue ? t(`theme.scope.${SCOPE_KEYS[queue.scope]}`) : '';
    return { value: id, label: `${scope} · ${english ? queue?.en : queue?.zh}` };
  });
  return (
    <div className="hl-settings">
      {siteVoice ? null : (
        <Alert
          type="warning"
          showIcon
          title={t('adminSettings.voice.disabledBySite')}
          data-testid="voice-disabled-by-site"
        />
      )}
      <SettingRow name="showVoiceSetting" label={t('theme.showVoiceSetting')} disabled={!siteVoice}>
        <Switch
          disabled={!siteVoice}
          checked={siteVoice && settings.showVoiceSetting}
          onChange={(v) => set({ showVoiceSetting: v })}
        />
      </SettingRow>
      <SettingRow
        name="audioset_loop"
        label={t('theme.audioLoop')}
        disabled={!enabled('audioset_loop')}
      >
        <Switch
          disabled={!enabled('audioset_loop')}
          checked={settings.audioset_loop}
          onChange={(v) => set({ audioset_loop: v })}
        />
      </SettingRow>
      <SettingRow
        name="audioset_voice"
        label={t('theme.audioVoice')}
        disabled={!enabled('audioset_voice')}
      >
        <Radio.Group
          disabled={!enabled('audioset_voice')}
          value={settings.audioset_voice}
          onChange={(e) => set({ audioset_voice: e.target.value as 1 | 2 })}
          options={[
            { value: 1, label: t('theme.voiceMale') },
            { value: 2, label: t('theme.voiceFemale') },
          ]}
        />
      </SettingRow>
      <SettingRow
        name="audioset_volumn"
        label={t('theme.audioVolume')}
        disabled={!enabled('audioset_volumn')}
      >
        <Slider
          className="hl-setting-slider"
          disabled={!enabled('audioset_volumn')}
          min={0}
          max={100}
          step={10}
          value={settings.audioset_volumn}
          onChange={(v) => set({ audioset_volumn: v })}
        />
      </SettingRow>
      <div className="hl-setting-block" data-setting="audioset_lists">
        <div className="hl-setting-label">{t('theme.audioLists')}</div>
        <Select
          mode="multiple"
          style={{ width: '100%' }}
          maxTagCount="responsive"
          disabled={!enabled('audioset_lists')}
          value={settings.audioset_lists}
          options={options}
          onChange={(v) => set({ audioset_lists: v })}
        />
      </div>
    </div>
  );
}
