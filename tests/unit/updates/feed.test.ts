import { createRequire } from 'node:module';
import { serializeToYaml } from 'builder-util';
import { describe, expect, it } from 'vitest';
import {
  downloadUrl,
  feedFileName,
  feedFolder,
  FeedProblem,
  parseFeed,
  shownUrl,
} from '../../../src/engine/updates/feed.ts';
import { updateInfo } from '../../helpers/update-feed.ts';

// electron-updater's own provider, which names the file the desktop app reads (it imports no
// electron): the plain reader must ask for the same one.
const require = createRequire(import.meta.url);
const { GenericProvider } = require('electron-updater/out/providers/GenericProvider.js') as {
  GenericProvider: new (
    config: { provider: 'generic'; url: string },
    updater: { channel: string | null },
    runtime: { platform: string; executor: null },
  ) => { channel: string };
};

describe('the update feed', () => {
  it('reads a release as electron-builder writes it', () => {
    const text = serializeToYaml(updateInfo('0.2.0', 'linux', '2026-11-20T10:00:00.000Z'));
    const release = parseFeed(text, 'latest-linux.yml');
    expect(release.version).toBe('0.2.0');
    expect(release.releaseDate).toBe('2026-11-20T10:00:00.000Z');
    expect(release.files.map((f) => f.url)).toEqual([
      'Roadcam-0.2.0.AppImage',
      'roadcam_0.2.0_amd64.deb',
    ]);
    expect(release.files[0]!.size).toBe(98_765_432);
    expect(release.files[0]!.sha512).toMatch(/^[A-Za-z0-9+/]{86}==$/);
  });

  it('passes over release notes, quoting and keys it does not know', () => {
    const info = {
      ...updateInfo('1.0.0-beta.3', 'win', '2026-12-01T08:00:00.000Z'),
      releaseName: "Roadcam's winter: release",
      releaseNotes: 'Faster walls.\nversion: 9.9.9\n- url: not-a-file',
      stagingPercentage: 50,
      minimumSystemVersion: '10.0.0',
    };
    const release = parseFeed(serializeToYaml(info), 'beta.yml');
    expect(release.version).toBe('1.0.0-beta.3');
    expect(release.files.map((f) => f.url)).toEqual(['Roadcam-Setup-1.0.0-beta.3.exe']);
  });

  it('reads an old description that names its installer in path only', () => {
    const release = parseFeed('version: 0.3.0\npath: Roadcam-0.3.0.AppImage\nsha512: abc\n', 'x');
    expect(release.files).toEqual([{ url: 'Roadcam-0.3.0.AppImage', sha512: 'abc', size: null }]);
  });

  it('says what is wrong with a file that is not a release', () => {
    const parse = () => parseFeed('<html>Sign in</html>', 'https://mirror/latest.yml');
    expect(parse).toThrow(FeedProblem);
    expect(parse).toThrow(
      'https://mirror/latest.yml names no version, so it is not an update description',
    );
  });

  it("names the channel's file exactly as electron-updater does on each platform", () => {
    for (const platform of ['linux', 'darwin', 'win32'])
      for (const channel of ['stable', 'beta'] as const) {
        const provider = new GenericProvider(
          { provider: 'generic', url: 'https://feed/' },
          { channel: channel === 'beta' ? 'beta' : null },
          { platform, executor: null },
        );
        expect(feedFileName(channel, platform, process.arch)).toBe(`${provider.channel}.yml`);
      }
    expect(feedFileName('stable', 'linux', 'x64')).toBe('latest-linux.yml');
    expect(feedFileName('beta', 'linux', 'arm64')).toBe('beta-linux-arm64.yml');
    expect(feedFileName('stable', 'win32', 'x64')).toBe('latest.yml');
  });

  it('uses the mirror of the settings, else the built-in feed, as a folder', () => {
    expect(feedFolder('', 'https://updates.roadcam.example/desktop/')).toBe(
      'https://updates.roadcam.example/desktop/',
    );
    expect(feedFolder(' https://mirror.corp/roadcam ')).toBe('https://mirror.corp/roadcam/');
  });

  it('gives the download of the kind asked for, without a query or a password', () => {
    const release = parseFeed(serializeToYaml(updateInfo('0.2.0', 'linux', '2026')), 'x');
    const folder = 'https://user:pw@mirror.corp/roadcam/?token=secret';
    expect(downloadUrl(release, folder, '.deb')).toBe(
      'https://mirror.corp/roadcam/roadcam_0.2.0_amd64.deb',
    );
    expect(downloadUrl(release, folder)).toBe('https://mirror.corp/roadcam/Roadcam-0.2.0.AppImage');
    expect(shownUrl('https://a:b@host/x/?sig=1#f')).toBe('https://host/x/');
  });
});
