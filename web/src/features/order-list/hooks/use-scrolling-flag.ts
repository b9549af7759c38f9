import { useEffect, type RefObject } from 'react';

/**
 * Marks the element `data-scrolling` while anything inside it scrolls (cleared `idleMs` after
 * the last scroll event). Set on the DOM directly, not through React state, so scrolling
 * renders nothing more; the stylesheet uses it to switch off hover tracking and cell colour
 * transitions for the rows sliding under a still pointer.
 */
export function useScrollingFlag(ref: RefObject<HTMLElement | null>, idleMs = 150): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let timer: number | undefined;
    const onScroll = () => {
      if (timer === undefined) element.dataset.scrolling = '1';
      else window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        timer = undefined;
        delete element.dataset.scrolling;
      }, idleMs);
    };
    element.addEventListener('scroll', onScroll, { capture: true, passive: true });
    return () => {
      element.removeEventListener('scroll', onScroll, { capture: true });
      if (timer !== undefined) window.clearTimeout(timer);
      delete element.dataset.scrolling;
    };
  }, [ref, idleMs]);
}
