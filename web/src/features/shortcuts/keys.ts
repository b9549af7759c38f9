import type { ActionName } from '@hotline/domain';

/**
 * The keyboard shortcuts of queue work: pure data, shown by the help dialog (`?`), in the
 * buttons' tooltips and by docs/console.md. Plain letters without modifiers; they never fire
 * while typing in a field (`use-shortcuts.ts`).
 */

/** In a queue list. */
export const LIST_KEYS = [
  { keys: ['j', '↓'], what: 'down' },
  { keys: ['k', '↑'], what: 'up' },
  { keys: ['Enter'], what: 'open' },
  { keys: ['?'], what: 'help' },
] as const;

/**
 * In the order detail: the key of each action's button. Several actions share a key where an
 * order offers only one of them at a time (approve / reject a request of any kind).
 */
export const ACTION_KEYS: Partial<Record<ActionName, string>> = {
  sign: 's',
  host_sign: 's',
  dispatch: 'd',
  reply: 'r',
  approve_reply: 'a',
  approve_return: 'a',
  approve_extension: 'a',
  approve_exclusion: 'a',
  reject_reply: 'x',
  reject_return: 'x',
  reject_extension: 'x',
  reject_exclusion: 'x',
  visit: 'v',
  apply_return: 'b',
  apply_extension: 'e',
  close: 'c',
  add_note: 'n',
};

/** The help dialog's lines for the detail (one per key, in this order). */
export const DETAIL_KEYS = [
  { keys: ['s'], what: 'sign' },
  { keys: ['d'], what: 'dispatch' },
  { keys: ['r'], what: 'reply' },
  { keys: ['a'], what: 'approve' },
  { keys: ['x'], what: 'reject' },
  { keys: ['v'], what: 'visit' },
  { keys: ['b'], what: 'return' },
  { keys: ['e'], what: 'extension' },
  { keys: ['c'], what: 'close' },
  { keys: ['n'], what: 'note' },
  { keys: ['Esc'], what: 'cancel' },
  { keys: ['Ctrl', 'Enter'], what: 'submit' },
  { keys: ['Alt', 'P'], what: 'phrases' },
  { keys: ['?'], what: 'help' },
] as const;

/** The key of an action's button, if it has one. */
export function actionKey(action: string): string | undefined {
  return (ACTION_KEYS as Record<string, string | undefined>)[action];
}
