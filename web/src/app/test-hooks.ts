import { useBadgeStore } from '../features/menu/badge-store';
import { useNoticesStore } from '../features/notices/notices-store';
import { request } from '../lib/request';

declare global {
  interface Window {
    /** Set by a browser test before the page loads (Playwright `addInitScript`). */
    __HOTLINE_E2E__?: boolean;
    __hotline?: {
      request: typeof request;
      setBadge: (menuId: string, count: number) => void;
      addBadge: (menuId: string, delta: number) => void;
      addNotice: ReturnType<typeof useNoticesStore.getState>['add'];
    };
  }
}

/**
 * Browser tests drive what has no UI yet through the same entry points the code uses: the
 * request layer (concurrent 402s) and the badge / notice actions the push channel will call.
 * Exposed only when the test set its flag before the page loaded.
 */
export function exposeTestHooks(): void {
  if (!window.__HOTLINE_E2E__) return;
  window.__hotline = {
    request,
    setBadge: useBadgeStore.getState().setBadge,
    addBadge: useBadgeStore.getState().addBadge,
    addNotice: useNoticesStore.getState().add,
  };
}
