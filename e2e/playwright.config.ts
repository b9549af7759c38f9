import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests against the real server (fresh embedded database with the demo seed) and the
 * built console (web/dist). Chromium comes from the system (`node scripts/ensure-chromium.mjs`),
 * never from a Playwright download.
 */
const port = Number(process.env.E2E_PORT ?? 8181);
const baseURL = `http://127.0.0.1:${port}`;
// E2E_ARTIFACTS: where results, traces and the server log go (default e2e/artifacts).
const artifacts = process.env.E2E_ARTIFACTS ?? 'artifacts';

// Chromium from the system, the same flags for every project.
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'tests',
  outputDir: `${artifacts}/test-results`,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  // CI retries a failed test once; a pass on retry is reported as flaky (see the summary).
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: `${artifacts}/results.json` }]],
  use: {
    baseURL,
    locale: 'zh-CN',
    // The console honours the system's "reduce motion" setting (no antd animations): pop-ups
    // open and close at once, which spares a 2-core CI machine the frames of every animation.
    reducedMotion: 'reduce',
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    // A trace records a screencast and DOM snapshots all through every test: 16 % of the
    // browser runs' CPU (two specs, 129 → 108 CPU seconds). CI, which retries, traces only the
    // retry of a failed test; a local run (no retries) keeps the trace of every failure.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: 'phone/**',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions,
      },
    },
    {
      // Street and town handlers work from phones (issue 20): the specs in tests/phone run at
      // 390 × 844 with touch (a spec may set a tablet's 800 × 1280 for its own tests).
      name: 'phone',
      testMatch: 'phone/**/*.spec.ts',
      use: {
        browserName: 'chromium',
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        launchOptions,
      },
    },
  ],
  webServer: {
    command: 'node ../scripts/e2e-server.mjs',
    env: {
      E2E_PORT: String(port),
      E2E_SERVER_LOG: fileURLToPath(new URL(`${artifacts}/server.log`, import.meta.url)),
    },
    url: `${baseURL}/`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
