/** English texts of `../account.ts` (same keys; loaded only when the console is in English). */
import type { zh } from '../account';

export const en: typeof zh = {
  title: '',
};
