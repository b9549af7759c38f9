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
  set: (patch: Partial<ThemeSettings>) => void;
  restoreDefaults: () => void;
  setVoice: (on: boolean) => void;
}

export const useThemeStore = create<ThemeState>((set) => ({
  settings: normalizeSettings(readJson(THEME_KEY), DEFAULT_SETTINGS),
  voice: readItem(VOICE_KEY) !== '0',
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
}));

export function useSettings(): ThemeSettings {
  return useThemeStore((state) => state.settings);
}
