import { useEffect, useRef } from 'react';

/**
 * One window key listener per screen that has shortcuts (the queue list, the order detail).
 * A shortcut never fires while the user types (an input, a text area, a select, an editable
 * element, a combobox), with Ctrl/Alt/Meta held, during IME composition, or when the screen is
 * not the one in front (`active` says: the list is hidden or a dialog covers it).
 */

const TYPING_ROLES = new Set(['textbox', 'combobox', 'searchbox', 'spinbutton', 'listbox']);

export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const type = (target as HTMLInputElement).type;
    return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(type);
  }
  const role = target.getAttribute('role');
  return role !== null && TYPING_ROLES.has(role);
}

/** The dialogs on screen (antd's modal wraps and image previews that are shown), last = in front. */
export function visibleDialogs(): HTMLElement[] {
  return Array.from(
    document.querySelectorAll<HTMLElement>('.ant-modal-wrap, .ant-image-preview'),
  ).filter((wrap) => wrap.style.display !== 'none' && wrap.getClientRects().length > 0);
}

/** `element` is on screen and no dialog covers it (it is in the front dialog, or none is open). */
export function inFront(element: HTMLElement | null): boolean {
  if (!element || element.getClientRects().length === 0) return false;
  const dialogs = visibleDialogs();
  const front = dialogs[dialogs.length - 1];
  return front === undefined || front.contains(element);
}

/**
 * Calls `handle` with the key (`event.key`) of a plain key press while `active()`; a handler
 * that returns true took the key (its default is prevented).
 */
export function useShortcuts(
  handle: (key: string, event: KeyboardEvent) => boolean,
  active: () => boolean,
): void {
  const latest = useRef({ handle, active });
  latest.current = { handle, active };
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target)) return;
      if (!latest.current.active()) return;
      if (latest.current.handle(event.key, event)) event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
