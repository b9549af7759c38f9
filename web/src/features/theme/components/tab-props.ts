import type { SettingKey, ThemeSettings } from '../settings';

/** What every tab needs: the values, the setter and the enable rules. */
export interface TabProps {
  settings: ThemeSettings;
  set: (patch: Partial<ThemeSettings>) => void;
  enabled: (key: SettingKey) => boolean;
}
