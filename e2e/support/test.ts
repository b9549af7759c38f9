import { test as base, expect } from '@playwright/test';

export * from '@playwright/test';

/**
 * Playwright's `test` with one automatic check (issue 19): every page of the test's browser
 * context that breaks the Content-Security-Policy fails the test. Chromium reports each
 * violation on the console ("Refused to … because it violates the following Content Security
 * Policy directive …"). Pages of contexts a test makes itself (`browser.newContext()`) are not
 * watched; the security-headers spec visits every console page in the default one.
 */
export const test = base.extend<{ cspGuard: void }>({
  cspGuard: [
    async ({ context }, use) => {
      const violations: string[] = [];
      context.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) {
          violations.push(`${message.page()?.url() ?? '?'}: ${message.text()}`);
        }
      });
      await use();
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
