import type { RefObject } from 'react';
import { buttonId, type ActionSpec } from '../order-actions';
import { actionKey, inFront, useShortcuts } from '../shortcuts';

/** How long to wait for a form or confirmation to appear after a key started an action. */
const FOCUS_WAIT_MS = 1500;

/**
 * Focuses the first element `selector` finds once it appears, and keeps it there for a short
 * while: a confirmation is in the page before it can take the focus (its popover is still
 * moving in), and the dialog around it may move the focus as it settles. Stops at the user's
 * next key or pointer press, so nothing is taken back from a user who moved on.
 */
function focusWhenShown(selector: string): void {
  const until = performance.now() + FOCUS_WAIT_MS;
  let moved = false;
  const stop = () => {
    moved = true;
  };
  const options = { capture: true, once: true } as const;
  window.addEventListener('keydown', stop, options);
  window.addEventListener('pointerdown', stop, options);
  const look = () => {
    const el = document.querySelector<HTMLElement>(selector);
    if (!moved && el && el !== document.activeElement) el.focus();
    if (!moved && performance.now() < until) requestAnimationFrame(look);
    else {
      window.removeEventListener('keydown', stop, options);
      window.removeEventListener('pointerdown', stop, options);
    }
  };
  requestAnimationFrame(look);
}

/**
 * The detail's action keys (keys.ts of the shortcuts feature: s 签收, r 答复, …): the key
 * presses the action's button, so the lock, the confirmation and the form are the same as a
 * click; the confirmation's OK button or the form's first field then gets the focus. Not
 * while an action form is open (its fields take the keys) or another dialog is in front.
 */
export function useActionKeys(
  root: RefObject<HTMLElement | null>,
  buttons: readonly ActionSpec[],
  formOpen: boolean,
  onHelp: () => void,
): void {
  useShortcuts(
    (key) => {
      if (key === '?') {
        onHelp();
        return true;
      }
      if (formOpen) return false;
      const spec = buttons.find((b) => !b.button && actionKey(b.action) === key.toLowerCase());
      if (!spec) return false;
      const button = root.current?.querySelector<HTMLButtonElement>(
        `button[data-action="${buttonId(spec)}"]`,
      );
      if (!button || button.disabled) return false;
      button.click();
      focusWhenShown(
        spec.form === 'confirm'
          ? '.ant-popover:not(.ant-popover-hidden) [data-testid="confirm-ok"]'
          : '.hl-action-panel input:not([type="hidden"]), .hl-action-panel textarea, .hl-action-panel .ant-radio-input, .hl-action-panel .ant-select-selection-search-input',
      );
      return true;
    },
    () => inFront(root.current),
  );
}
