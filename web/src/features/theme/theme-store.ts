import { useMemo } from 'react';
import { create } from 'zustand';
import { QUEUES } from '@hotline/domain';
import { readItem, readJson, writeItem, writeJson } from '../../lib/storage';
import { defaultSettings, normalizeSettings, type ThemeSettings } from './settings';

/** Local-storage keys of spec section 3. */
export const THEME_KEY = 'theme';
export const VOICE_KEY = 'voice_push';

/** Queues whose pushes carry a notice: the choices of the alert-sound list. */
export const ALERT_QUEUES = QUEUES.filter((q) => q.notice).map((q) => q.id);

export const DEFAULT_SETTINGS = defaultSettings(ALERT_QUEUES);

interface ThemeState {
  settings: ThemeSettings;
  /** Voice alerts on/off (the top bar's icon), stored as 1/0, on by default. */
  voice: boolean;
  /**
   * Voice alerts allowed at all (系统配置 `is_voice_push`; on until the web config says
   * otherwise). Off: no alert sounds for anyone, whatever their own settings say.
   */
  siteVoice: boolean;
  /** 系统配置 `is_watermark`: every page carries a watermark, whatever the user's setting. */
  siteWatermark: boolean;
  set: (patch: Partial<ThemeSettings>) => void;
  restoreDefaults: () => void;
  setVoice: (on: boolean) => void;
  setSitePolicy: (policy: { siteVoice: boolean; siteWatermark: boolean }) => void;
}

export const useThemeStore = create<ThemeState>((set) => ({
  settings: normalizeSettings(readJson(THEME_KEY), DEFAULT_SETTINGS),
  voice: readItem(VOICE_KEY) !== '0',
  siteVoice: true,
  siteWatermark: false,
  set: (patch) => {
    set((state) => {
      const settings = { ...state.settings, ...patch };
      writeJson(THEME_KEY, settings);
      return { settings };
    });
  },
  restoreDefaults: () => {
    writeJson(THEME_KEY, DEFAULT_SETTINGS);
    set({ settings: { ...DEFAULT_SETTINGS } });
  },
  setVoice: (on) => {
    writeItem(VOICE_KEY, on ? '1' : '0');
    set({ voice: on });
  },
  setSitePolicy: (policy) => set(policy),
}));

/** Whether alert sounds may play now (the site allows them); read outside React too. */
export function siteVoiceAllowed(): boolean {
  return useThemeStore.getState().siteVoice;
}

/**
 * The user's settings as they apply: with voice alerts turned off for the site, the top bar's
 * voice icon is not offered either.
 */
export function useSettings(): ThemeSettings {
  const settings = useThemeStore((state) => state.settings);
  const siteVoice = useThemeStore((state) => state.siteVoice);
  return useMemo(
    () => (siteVoice ? settings : { ...settings, showVoiceSetting: false }),
    [settings, siteVoice],
  );
}
