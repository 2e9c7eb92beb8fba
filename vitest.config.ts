import { svelte } from '@sveltejs/vite-plugin-svelte';
import { svelteTesting } from '@testing-library/svelte/vite';
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import { assetPaths, electronStandIns } from './tests/helpers/electron/asset-plugin.ts';

// The renderer's tests (tests/unit/renderer/, docs/development.md "Where a test lives") import
// its Svelte code (components, rune state classes), which needs compiling for the browser, as the
// app runs it: the svelte plugin, the `browser` condition, and a DOM. They still run in Node, so a
// renderer state can be tested against a real core (SQLite, the keychain, the embedded service).
//
// Only Svelte's own entries are taken in their browser build: resolving every package with the
// `browser` condition would hand the core under test browser stubs (ws has one).
const svelteForBrowser = [
  svelte({ configFile: resolve(import.meta.dirname, 'svelte.config.js') }),
  svelteTesting({ resolveBrowser: false }),
];
const svelteClient = (entry: string) =>
  resolve(import.meta.dirname, 'node_modules/svelte/src', entry);
const svelteBrowserEntries = [
  { find: /^svelte$/, replacement: svelteClient('index-client.js') },
  { find: /^svelte\/reactivity$/, replacement: svelteClient('reactivity/index-client.js') },
  { find: /^svelte\/store$/, replacement: svelteClient('store/index-client.js') },
  { find: /^svelte\/legacy$/, replacement: svelteClient('legacy/legacy-client.js') },
];
const rendererTests = 'tests/unit/renderer/**/*.test.ts';

// The desktop shell runs in Node on a stand-in of Electron (tests/helpers/electron/): the real
// entry imports `electron`, `electron-updater` and electron-vite's `?asset` icons.

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    reporters: ['default'],
    projects: [
      {
        extends: true,
        plugins: [assetPaths()],
        resolve: { alias: electronStandIns },
        test: {
          name: 'node',
          include: ['tests/unit/**/*.test.ts', 'tests/service/**/*.test.ts'],
          exclude: [rendererTests],
          environment: 'node',
        },
      },
      {
        extends: true,
        plugins: svelteForBrowser,
        resolve: { alias: svelteBrowserEntries },
        test: {
          name: 'renderer',
          include: [rendererTests],
          environment: 'jsdom',
        },
      },
    ],
  },
});
