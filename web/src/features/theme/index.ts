// Public API of the theme feature: the user's console settings (read, and patched by push) and
// the site's switches that override them (voice alerts).
export { siteVoiceAllowed, useSettings, useThemeStore } from './theme-store';
