/** English texts of `../admin-org.ts` (same keys; loaded only when the console is in English). */
import type { zh } from '../admin-org';

export const en: typeof zh = {
  title: '',
};
