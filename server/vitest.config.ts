import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // names this run's migrated PostgreSQL templates and drops them at the end (test-app.ts)
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    // The files of a worker share one process: the server's modules are imported and PGlite's
    // WebAssembly compiled once per worker instead of once per file (import time 337 s → 35 s
    // over the 130 files; compiling PGlite took 5–9 s of each file's first database). Every
    // file still makes its own app on its own fresh database and closes it.
    isolate: false,
  },
});
