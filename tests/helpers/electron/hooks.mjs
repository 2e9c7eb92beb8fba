/**
 * Module hooks for a plain Node run of the Electron entry (register.mjs): `electron` and
 * `electron-updater` resolve to the stand-ins, and electron-vite's `?asset` imports to a module
 * whose default export is the file's absolute path (what electron-vite's bundle gives).
 */
import { fileURLToPath } from 'node:url';

const standIns = {
  electron: new URL('./electron.ts', import.meta.url).href,
  'electron-updater': new URL('./electron-updater.ts', import.meta.url).href,
};
const ASSET = '?asset';

export async function resolve(specifier, context, nextResolve) {
  if (Object.hasOwn(standIns, specifier)) return { url: standIns[specifier], shortCircuit: true };
  if (specifier.endsWith(ASSET) && context.parentURL) {
    const file = new URL(specifier.slice(0, -ASSET.length), context.parentURL);
    return { url: `${file.href}${ASSET}`, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
  if (!url.endsWith(ASSET)) return nextLoad(url, context);
  const path = fileURLToPath(url.slice(0, -ASSET.length));
  return {
    format: 'module',
    source: `export default ${JSON.stringify(path)};`,
    shortCircuit: true,
  };
}
