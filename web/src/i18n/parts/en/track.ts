/** English texts of `../track.ts` (same keys; loaded only when the console is in English). */
import type { zh } from '../track';

export const en: typeof zh = {
  title: 'Follow your request',
  staffLogin: 'Staff sign-in',
  lead: 'Enter the order number and the last four digits of the phone number you reported from to see its progress and the reply.',
  orderNum: 'Order number',
  orderNumInvalid: 'Enter the order number (4 to 40 letters, digits or -)',
  phoneTail: 'Last four digits of the phone number',
  phoneTailInvalid: 'Enter the last four digits of the phone number',
  submit: 'Look up',
  offline: 'No connection; try again later',
  open: 'In progress',
  closed: 'Finished',
  answered: 'Answered, return visit to come',
  category: 'Kind of problem: {{name}}',
  expected: 'Due: {{at}}',
  notYet: 'Not yet',
  reply: 'Reply',
  milestones: {
    accepted: 'Received',
    dispatched: 'Dispatched',
    answered: 'Answered',
    visited: 'Called back',
    closed: 'Closed',
  },
  footer: '12345 citizen hotline · only public information is shown',
};
