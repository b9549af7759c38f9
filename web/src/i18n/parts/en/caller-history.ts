/** English texts of `../caller-history.ts` (same keys). */
import type { zh } from '../caller-history';

export const en: typeof zh = {
  title: 'Caller history',
  repeat: 'Repeat caller',
  hint: "Type the caller's number to see its earlier orders",
  summary: '{{total}} orders from this number, {{recent}} in the last 30 days',
  none: 'No earlier orders from this number',
};
