import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DebugLogger } from 'builder-util';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import type { Configuration } from 'app-builder-lib';

// The installers cannot be built here (no Electron download), so the configuration is checked
// with electron-builder's own loader and schema, and against the files it names.
const root = resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as Record<
  string,
  unknown
>;

async function loadConfig(): Promise<Configuration> {
  return getConfig(root, null, null);
}

describe('electron-builder configuration', () => {
  it("passes electron-builder's schema validation", async () => {
    const config = await loadConfig();
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('builds the installers of each platform', async () => {
    const config = await loadConfig();
    expect(config.appId).toMatch(/^[a-z]+(\.[a-z0-9-]+)+$/);
    expect(config.productName).toBe('Roadcam');
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.win?.target).toEqual(['nsis']);
    expect(config.mac?.target).toEqual(['dmg']);
  });

  it('registers the roadcam:// link scheme', async () => {
    const config = await loadConfig();
    const schemes = [config.protocols].flat().flatMap((p) => p?.schemes ?? []);
    expect(schemes).toContain('roadcam');
  });

  it('packages the built app and unpacks what cannot run from the asar', async () => {
    const config = await loadConfig();
    const files = [config.files]
      .flat()
      .flatMap((f) =>
        typeof f === 'object' && f !== null && 'filter' in f ? [f.filter].flat() : [f],
      );
    expect(files).toContain('out/**');
    const unpack = [config.asarUnpack].flat();
    expect(unpack).toContain('**/*.node');
    expect(unpack).toContain('node_modules/@ffmpeg-installer/**');
    expect(pkg.main).toBe('./out/main/index.js');
  });

  it('names icons that exist, large enough for every platform', async () => {
    const config = await loadConfig();
    for (const icon of [config.win?.icon, config.mac?.icon]) {
      expect(icon && existsSync(resolve(root, icon)), String(icon)).toBe(true);
    }
    const png = readFileSync(resolve(root, 'resources/icon.png'));
    expect(png.readUInt32BE(16)).toBeGreaterThanOrEqual(512); // width in the IHDR chunk
    expect(existsSync(resolve(root, String(config.linux?.icon), '256x256.png'))).toBe(true);
  });

  it('ships the embedded service and its ffmpeg as production dependencies', () => {
    const deps = Object.keys(pkg.dependencies as Record<string, string>);
    for (const name of ['better-sqlite3', 'keytar', 'sharp', '@ffmpeg-installer/ffmpeg'])
      expect(deps).toContain(name);
    const devDeps = Object.keys(pkg.devDependencies as Record<string, string>);
    expect(devDeps).toContain('electron');
    expect(deps).not.toContain('electron');
  });

  it('has a dist script that builds before packaging', () => {
    expect((pkg.scripts as Record<string, string>).dist).toMatch(
      /electron-vite.* build && .*electron-builder/,
    );
  });
});
