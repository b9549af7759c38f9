import { useMediaQuery } from './use-media-query';

/** Spec section 9: the mobile breakpoint is a viewport narrower than 992 px. */
export const MOBILE_QUERY = '(max-width: 991.98px)';

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY);
}
