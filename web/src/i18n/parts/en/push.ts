/** English texts of `../push.ts` (same keys; loaded only when the console is in English). */
import type { zh } from '../push';

export const en: typeof zh = {
  soundBlocked: 'The browser blocked the new-order alert sound',
  enableSound: 'Enable sound',
};
