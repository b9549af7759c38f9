/** English texts of `../admin-settings.ts` (same keys; loaded only when the console is in English). */
import type { zh } from '../admin-settings';

export const en: typeof zh = {
  title: '',
};
