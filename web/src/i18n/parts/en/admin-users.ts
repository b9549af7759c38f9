/** English texts of `../admin-users.ts` (same keys; loaded only when the console is in English). */
import type { zh } from '../admin-users';

export const en: typeof zh = {
  title: '',
};
