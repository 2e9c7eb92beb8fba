import { svelte } from '@sveltejs/vite-plugin-svelte';
import { svelteTesting } from '@testing-library/svelte/vite';
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import { assetPaths, electronStandIns } from './tests/helpers/electron/asset-plugin.ts';

// Tests that import the renderer's Svelte code (components, rune state classes) need it compiled
// for the browser, as the app runs it: the svelte plugin, the `browser` condition, and a DOM.
// The renderer's component tests sit beside their components; a renderer state tested against a
// real core (Node: SQLite, the keychain, the embedded service) is named *.svelte.test.ts and sits
// with the unit tests.
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
const rendererStateTests = 'tests/unit/**/*.svelte.test.ts';

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
          exclude: [rendererStateTests],
          environment: 'node',
        },
      },
      {
        extends: true,
        plugins: svelteForBrowser,
        resolve: { alias: svelteBrowserEntries },
        test: {
          name: 'renderer',
          include: ['src/renderer/**/*.test.ts', rendererStateTests],
          environment: 'jsdom',
        },
      },
    ],
  },
});
