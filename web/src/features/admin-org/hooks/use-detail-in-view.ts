import { useEffect, useRef } from 'react';
import { REDUCED_MOTION_QUERY } from '../../../hooks/use-media-query';

/** Where the detail panel stacks below the tree (admin-org.css). */
const STACKED_QUERY = '(max-width: 767.98px)';

/**
 * On a phone the detail panel sits below a tree half a screen tall, so a row picked in the
 * tree showed nothing new where the user was looking. When the selected row changes there,
 * the panel is scrolled into view (at once when the user asked for less motion). Returns the
 * ref for the panel's wrapper.
 */
export function useDetailInView(selectedId: number | null) {
  const ref = useRef<HTMLDivElement>(null);
  const last = useRef(selectedId);
  useEffect(() => {
    const changed = selectedId !== last.current;
    last.current = selectedId;
    if (!changed || selectedId === null || !window.matchMedia(STACKED_QUERY).matches) return;
    const smooth = !window.matchMedia(REDUCED_MOTION_QUERY).matches;
    ref.current?.scrollIntoView({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
  }, [selectedId]);
  return ref;
}
