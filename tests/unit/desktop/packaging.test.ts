import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DebugLogger } from 'builder-util';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import type { Configuration, PlatformSpecificBuildOptions } from 'app-builder-lib';
import { cliConfig } from '../../../vite.cli.config.ts';
import { BUILT_IN_FEED } from '../../../src/engine/updates/feed.ts';

// The installers cannot be built here (no Electron download), so the configuration is checked
// with electron-builder's own loader and schema, and against the files it names.
const root = resolve(import.meta.dirname, '../../..');
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as Record<
  string,
  unknown
>;

async function loadConfig(): Promise<Configuration> {
  return getConfig(root, null, null);
}

/** The patterns of `files`, which electron-builder's loader turns into { filter } objects. */
function fileFilters(config: Configuration) {
  return [config.files]
    .flat()
    .flatMap((f) =>
      typeof f === 'object' && f !== null && 'filter' in f ? [f.filter].flat() : [f],
    );
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
    expect(fileFilters(config)).toContain('out/**');
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

  it('signs the Windows installer and installs only updates signed by its publisher', async () => {
    const config = await loadConfig();
    // electron-updater reads publisherName from app-update.yml, which electron-builder writes
    // from these two: without a name, an update's signature is not checked at all.
    expect(config.win?.verifyUpdateCodeSignature).not.toBe(false);
    const names = [config.win?.signtoolOptions?.publisherName].flat();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(/^\S(.*\S)?$/);
    expect(config.win?.signtoolOptions?.signingHashAlgorithms).toEqual(['sha256']);
    // The certificate and its password come from the environment, never from the repository.
    expect(config.win?.signtoolOptions?.certificateFile ?? null).toBeNull();
    expect(config.win?.signtoolOptions?.certificatePassword ?? null).toBeNull();
  });

  it('publishes updates to the HTTPS feed the app reads by default, on every channel', async () => {
    const config = await loadConfig();
    const publish = [config.publish].flat();
    expect(publish).toEqual([{ provider: 'generic', url: BUILT_IN_FEED }]);
    expect(BUILT_IN_FEED).toMatch(/^https:\/\/[^/]+\/.*\/$/);
    // A stable release also writes beta.yml: the beta channel is never left behind a release.
    expect(config.generateUpdatesFilesForAllChannels).toBe(true);
    expect(Object.keys(pkg.dependencies as Record<string, string>)).toContain('electron-updater');
  });

  it('has a dist script that builds the app and the CLI before packaging', () => {
    const scripts = pkg.scripts as Record<string, string>;
    expect(scripts.dist).toMatch(/^npm run build && .*electron-builder/);
    expect(scripts.build).toMatch(/electron-vite.* build && npm run build:cli$/);
    expect(scripts['build:cli']).toMatch(/vite.* build -c vite\.cli\.config\.ts$/);
  });
});

/** A platform's extraResources as from -> to pairs. */
function extraResources(options: PlatformSpecificBuildOptions | null | undefined) {
  return [options?.extraResources]
    .flat()
    .map((entry) => (typeof entry === 'object' && entry !== null ? [entry.from, entry.to] : []));
}

describe('the roadcam command in the installers', () => {
  const launcher = resolve(root, 'resources/bin/roadcam');
  const windowsLauncher = resolve(root, 'resources/bin/roadcam.cmd');

  it('ships the sh launcher on Linux and macOS and the cmd launcher on Windows', async () => {
    const config = await loadConfig();
    for (const platform of [config.linux, config.mac]) {
      expect(extraResources(platform)).toContainEqual(['resources/bin/roadcam', 'bin/roadcam']);
    }
    expect(extraResources(config.win)).toContainEqual([
      'resources/bin/roadcam.cmd',
      'bin/roadcam.cmd',
    ]);
    // The launchers run the app's binary as Node: the runAsNode fuse must stay on.
    expect(config.electronFuses?.runAsNode).not.toBe(false);
  });

  it('has an executable POSIX sh launcher that names the binaries the config builds', async () => {
    const config = await loadConfig();
    expect(statSync(launcher).mode & 0o111).toBe(0o111);
    expect(execFileSync('sh', ['-n', launcher]).toString()).toBe('');
    const text = readFileSync(launcher, 'utf8');
    expect(text.startsWith('#!/bin/sh\n')).toBe(true);
    expect(text).toContain(`electron=$resources/../${config.linux?.executableName}`);
    expect(text).toContain(`electron=$resources/../MacOS/${config.productName}`);
    expect(text).toContain('"$app/out/cli/main.js"');
  });

  it('runs the file the CLI build writes, inside what the app packages', async () => {
    const config = await loadConfig();
    const { outDir, rollupOptions } = cliConfig.build ?? {};
    const output = [rollupOptions?.output].flat()[0];
    expect(relative(root, String(outDir))).toBe(join('out', 'cli'));
    expect(Object.keys(rollupOptions?.input as Record<string, string>)).toEqual(['main']);
    expect(output?.entryFileNames).toBe('[name].js');
    expect(fileFilters(config)).toContain('out/**');
  });

  it("has a Windows launcher that runs the app's exe as Node on the built CLI", async () => {
    const config = await loadConfig();
    const text = readFileSync(windowsLauncher, 'utf8');
    // cmd.exe misreads labels and blocks in a file with bare LF line ends.
    expect(text.split('\r\n').every((line) => !line.includes('\n'))).toBe(true);
    expect(text).toContain(`set "ELECTRON=%~dp0..\\..\\${config.productName}.exe"`);
    expect(text).toContain('set ELECTRON_RUN_AS_NODE=1');
    expect(text).toContain('"%ELECTRON%" "%APP%\\out\\cli\\main.js" %*');
    expect(text).toContain('exit /b %ERRORLEVEL%');
  });
});

describe("the deb's /usr/bin/roadcam", () => {
  const templates = resolve(root, 'node_modules/app-builder-lib/templates/linux');

  /** A script template filled in as electron-builder's FpmTarget does (it refuses unknown names). */
  async function filled(file: string | null | undefined): Promise<string> {
    const config = await loadConfig();
    const values: Record<string, string> = {
      executable: String(config.linux?.executableName),
      sanitizedProductName: String(config.productName),
      productFilename: String(config.linux?.executableName),
    };
    return readFileSync(resolve(root, String(file)), 'utf8').replace(
      /\${([a-zA-Z]+)}/g,
      (_, name: string) => {
        if (!(name in values)) throw new Error(`electron-builder would refuse \${${name}}`);
        return values[name]!;
      },
    );
  }

  /** The command lines of electron-builder's own template, but those naming the app's binary. */
  function ownCommands(template: string): string[] {
    const lines = readFileSync(resolve(templates, template), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.trim().startsWith('#'))
      .filter((line) => !line.includes("'/opt/${sanitizedProductName}/${executable}'"));
    expect(lines.length, template).toBeGreaterThan(8);
    return lines;
  }

  it('links /usr/bin/roadcam to the launcher instead of the app, and keeps the rest', async () => {
    const config = await loadConfig();
    const script = await filled(config.deb?.afterInstall);
    expect(execFileSync('bash', ['-n'], { input: script }).toString()).toBe('');
    expect(script).toContain("launcher='/opt/Roadcam/resources/bin/roadcam'");
    expect(script).toMatch(
      /update-alternatives --install '\/usr\/bin\/roadcam' 'roadcam' "\$launcher"/,
    );
    expect(script).toContain('ln -sf "$launcher" \'/usr/bin/roadcam\'');
    // A newer electron-builder's template may gain duties: this fails until they are merged in.
    const ours = readFileSync(resolve(root, String(config.deb?.afterInstall)), 'utf8');
    for (const line of ownCommands('after-install.tpl')) expect(ours).toContain(line);
  });

  it('removes that link on removal, and keeps the rest', async () => {
    const config = await loadConfig();
    const script = await filled(config.deb?.afterRemove);
    expect(execFileSync('bash', ['-n'], { input: script }).toString()).toBe('');
    expect(script).toContain(
      "update-alternatives --remove 'roadcam' '/opt/Roadcam/resources/bin/roadcam'",
    );
    expect(script).toContain("rm -f '/usr/bin/roadcam'");
    const ours = readFileSync(resolve(root, String(config.deb?.afterRemove)), 'utf8');
    for (const line of ownCommands('after-remove.tpl')) expect(ours).toContain(line);
  });
});
