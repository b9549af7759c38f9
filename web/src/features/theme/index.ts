// Public API of the theme feature: the user's console settings (read, and patched by push).
export { useSettings, useThemeStore } from './theme-store';
