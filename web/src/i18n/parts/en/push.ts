/** English texts of `../push.ts` (same keys; loaded only when the console is in English). */
import type { zh } from '../push';

export const en: typeof zh = {
  soundBlocked: 'The browser blocked the new-order alert sound',
  enableSound: 'Enable sound',
  deadline: {
    limits: { sign: 'sign', handling: 'handling' },
    reminder: 'Order {{orderNum}}: {{hours}} h left before its {{limit}} limit',
    escalation: 'Order {{orderNum}} missed its {{limit}} limit and was escalated',
    escalation2:
      'Order {{orderNum}} is still open past its {{limit}} limit: escalated to the district leader',
  },
};
