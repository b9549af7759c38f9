// What the console exposes to browser tests that set the flag before the page loads
// (web/src/app/test-hooks.ts).
export {};

declare global {
  interface Window {
    __HOTLINE_E2E__?: boolean;
    __hotline?: {
      request: <T>(
        path: string,
        options?: { query?: Record<string, string | number | boolean | undefined> },
      ) => Promise<T>;
    };
  }
}
