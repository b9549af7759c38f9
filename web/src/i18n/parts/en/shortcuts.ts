/** English texts of `../shortcuts.ts` (same keys; loaded only when the console is in English). */
import type { zh } from '../shortcuts';

export const en: typeof zh = {
  title: 'Keyboard shortcuts',
  listTitle: 'Order lists',
  detailTitle: 'Order detail',
  note: 'Shortcuts do nothing while you type in a field; Esc closes a dialog or cancels the action being filled in.',
  key: 'Shortcut {{key}}',
  list: {
    down: 'Next row',
    up: 'Previous row',
    open: 'Open the highlighted order',
    help: 'Show the shortcuts',
  },
  detail: {
    sign: 'Sign for',
    dispatch: 'Dispatch',
    reply: 'Reply',
    approve: 'Approve (a reply, return, extension or exclusion request)',
    reject: 'Reject',
    visit: 'Return visit',
    return: 'Request a return',
    extension: 'Request an extension',
    close: 'Close',
    note: 'Add a note',
    cancel: 'Cancel the action being filled in / close the dialog',
    submit: 'Submit the action being filled in',
    phrases: 'Insert a common phrase in a text field',
    help: 'Show the shortcuts',
  },
};
