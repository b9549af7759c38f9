import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './vite-precompress';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Stamps the build time into dist/sw.js so every build installs as a service-worker update. */
function stampServiceWorker(): Plugin {
  let outDir = 'dist';
  return {
    name: 'stamp-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const file = resolve(root, outDir, 'sw.js');
      const text = readFileSync(file, 'utf8');
      writeFileSync(file, text.replace('__BUILD_VERSION__', new Date().toISOString()));
    },
  };
}

/**
 * `__TEST_PAGES__`: the test routes (/test/order-event, /test/order-modal) exist in the dev
 * server, in unit tests and in builds made with HOTLINE_TEST_PAGES=1 (the e2e suite's build),
 * never in a plain production build (their chunks are left out of web/dist).
 */
function testPages(): Plugin {
  return {
    name: 'test-pages',
    config(_config, { command }) {
      const enabled = command === 'serve' || process.env.HOTLINE_TEST_PAGES === '1';
      return { define: { __TEST_PAGES__: JSON.stringify(enabled) } };
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), stampServiceWorker(), testPages(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/console-size.mjs reads the manifest to size what each route loads
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries every page needs get stable, cacheable chunks; antd is split per page
        // by the bundler (the login page does not load the shell's Menu, Tabs, Drawer, …).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
            },
            {
              name: 'i18n',
              test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/,
            },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:8080', changeOrigin: true },
      '/ws': { target: 'ws://localhost:8080', ws: true },
    },
  },
  test: {
    root,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
  },
});
