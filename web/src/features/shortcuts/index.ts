/** Keyboard shortcuts of queue work: the key tables, the listener hook, the `?` help dialog. */
export { ACTION_KEYS, DETAIL_KEYS, LIST_KEYS, actionKey } from './keys';
export { inFront, isTypingTarget, useShortcuts, visibleDialogs } from './use-shortcuts';
export { ShortcutHelp } from './ShortcutHelp';
