import type { KeyboardEvent } from 'react';

/**
 * Keys of an open action form: Esc cancels the form (the detail dialog stays open; a select's
 * open list or the phrase picker takes its own Esc first), Ctrl+Enter (⌘+Enter) submits from
 * any field, text areas included. Enter in a one-line field submits as in any form.
 */
export function panelKeyDown(submit: () => void, cancel: () => void) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.nativeEvent.isComposing) return;
    if (event.key === 'Escape') {
      const target = event.target as HTMLElement;
      if (target.getAttribute('aria-expanded') === 'true') return;
      event.preventDefault();
      event.stopPropagation();
      cancel();
    } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  };
}
