import { build } from 'vite';
import { rendererConfig } from '../../vite.renderer.config.ts';

/** Builds the renderer once, so that every browser-mode host the tests start serves it as is. */
export default async function globalSetup(): Promise<void> {
  await build({ ...rendererConfig, configFile: false, logLevel: 'warn' });
}
