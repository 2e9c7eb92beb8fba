import { builtinModules } from 'node:module';
import { resolve } from 'node:path';
import type { UserConfig } from 'vite';
import pkg from './package.json' with { type: 'json' };

/**
 * The `roadcam` CLI, built to out/cli/main.js so that installed copies run plain JavaScript
 * (on the app's Electron binary as Node, or on any Node >= 22): `vite build -c vite.cli.config.ts`.
 * The npm dependencies stay outside the bundle, as in the main process build: native modules
 * (better-sqlite3, keytar, sharp) cannot be bundled, and the packaged app ships node_modules.
 *
 * Except the pure JavaScript packages every command's start loads, which are bundled in: only
 * what the CLI uses of them, in one file, where from node_modules zod alone is some 100 files
 * (its 50 locales included). Side by side, `roadcam session` took 0.2 s less CPU
 * (docs/benchmarks.md, "CLI start").
 */
const BUNDLED = [/^zod(\/|$)/, /^intl-messageformat(\/|$)/, /^@formatjs\//];
const bundled = (id: string) => BUNDLED.some((pattern) => pattern.test(id));
const dependencies = Object.keys(pkg.dependencies);
const external = (id: string) =>
  !bundled(id) &&
  (id.startsWith('node:') ||
    builtinModules.includes(id) ||
    dependencies.some((name) => id === name || id.startsWith(`${name}/`)));

export const cliConfig: UserConfig = {
  root: import.meta.dirname,
  // Nothing of public/ or .env belongs in the CLI.
  publicDir: false,
  envDir: false,
  logLevel: 'warn',
  // A build for Node leaves every package outside unless named here.
  ssr: { noExternal: BUNDLED },
  build: {
    outDir: resolve(import.meta.dirname, 'out/cli'),
    emptyOutDir: true,
    // Electron 45 runs it on its Node 24; any Node that better-sqlite3 takes (22.14+) too.
    target: 'node22',
    ssr: true,
    minify: false,
    reportCompressedSize: false,
    rollupOptions: {
      input: { main: resolve(import.meta.dirname, 'src/cli/main.ts') },
      external,
      output: {
        format: 'es',
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name]-[hash].js',
      },
    },
  },
};

export default cliConfig;
