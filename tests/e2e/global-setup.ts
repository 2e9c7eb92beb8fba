import { build } from 'vite';
import { resolveConfig } from 'electron-vite';
import { rendererConfig } from '../../vite.renderer.config.ts';

/** Builds the renderer once, so that every browser-mode host the tests start serves it as is. */
export default async function globalSetup(): Promise<void> {
  await build({ ...rendererConfig, configFile: false, logLevel: 'warn' });
  await buildPreload();
}

/**
 * The desktop window's preload (out/preload/index.cjs), built from electron.vite.config.ts's
 * own section as `npm run build` builds it, for the desktop-path spec. It takes under a second,
 * so it is built every run rather than judged fresh or stale.
 */
async function buildPreload(): Promise<void> {
  const resolved = await resolveConfig({ logLevel: 'warn' }, 'build', 'production');
  const preload = resolved.config?.preload;
  if (!preload) throw new Error('electron.vite.config.ts has no preload section to build.');
  await build(preload);
}
