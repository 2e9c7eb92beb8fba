import { svelte } from '@sveltejs/vite-plugin-svelte';
import { resolve } from 'node:path';
import type { UserConfig } from 'vite';

/** The renderer's build, shared by electron-vite (desktop) and browser mode (`npm run web`). */
export const rendererConfig: UserConfig = {
  root: resolve(import.meta.dirname, 'src/renderer'),
  base: './',
  plugins: [svelte({ configFile: resolve(import.meta.dirname, 'svelte.config.js') })],
  build: {
    outDir: resolve(import.meta.dirname, 'out/renderer'),
    emptyOutDir: true,
    target: 'chrome130',
    chunkSizeWarningLimit: 2000,
  },
};
