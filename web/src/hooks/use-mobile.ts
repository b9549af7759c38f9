import { useSyncExternalStore } from 'react';

/** Spec section 9: the mobile breakpoint is a viewport narrower than 992 px. */
export const MOBILE_QUERY = '(max-width: 991.98px)';

/** The user asked the system for less motion (an OS setting; WCAG 2.3.3). */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** Whether a media query matches now; re-renders when it starts or stops matching. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY);
}

/** antd's animations (modals, drawers, menus, messages) are switched off when this is true. */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery(REDUCED_MOTION_QUERY);
}
