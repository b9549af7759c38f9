/** English texts of `../shell.ts` (same keys; loaded only when the console is in English). */
import type { zh } from '../shell';

export const en: typeof zh = {
  moreTools: 'More tools',
  openPages: 'Open pages',
  loading: 'Loading the page',
  skipToContent: 'Skip to content',
};
