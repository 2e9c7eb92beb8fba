/**
 * Vitest's side of hooks.mjs: `electron` and `electron-updater` resolve to the stand-ins, and
 * electron-vite's `?asset` imports (src/desktop/electron/tray.ts's icons) to a module whose default
 * export is the file's absolute path, as electron-vite's bundle gives.
 */
import { dirname, resolve } from 'node:path';
import type { AliasOptions, Plugin } from 'vite';

const here = import.meta.dirname;

export const electronStandIns: AliasOptions = [
  { find: /^electron$/, replacement: resolve(here, 'electron.ts') },
  { find: /^electron-updater$/, replacement: resolve(here, 'electron-updater.ts') },
];

const ASSET = '?asset';
const PREFIX = '\0roadcam-asset:';

export function assetPaths(): Plugin {
  return {
    name: 'roadcam-asset-paths',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!source.endsWith(ASSET) || !importer) return null;
      return PREFIX + resolve(dirname(importer), source.slice(0, -ASSET.length));
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      return `export default ${JSON.stringify(id.slice(PREFIX.length))};`;
    },
  };
}
