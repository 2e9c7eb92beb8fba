import { describe, expect, it } from 'vitest';
import { decide, type DecisionInput } from '../../../src/engine/updates/decide.ts';
import { FeedProblem } from '../../../src/engine/updates/feed.ts';
import { detectInstall, packageHint } from '../../../src/engine/updates/install.ts';
import { nextCheckDelay, UPDATE_TIMING } from '../../../src/engine/updates/schedule.ts';

const input = (over: Partial<DecisionInput>): DecisionInput => ({
  current: '0.1.0',
  offered: '0.2.0',
  channel: 'stable',
  mode: 'install',
  install: { kind: 'self' },
  ...over,
});

describe('what Roadcam does about an offered version', () => {
  it('installs a newer release on quit, where the app replaces itself', () => {
    expect(decide(input({}))).toEqual({ action: 'install-on-quit', version: '0.2.0' });
  });

  it('only tells, in notify mode', () => {
    expect(decide(input({ mode: 'notify' }))).toEqual({
      action: 'tell',
      version: '0.2.0',
      why: 'notify',
    });
  });

  it('only tells a deb or rpm install, whatever the mode', () => {
    const install = { kind: 'package', format: 'deb' } as const;
    expect(decide(input({ install }))).toMatchObject({ action: 'tell', why: 'package' });
    expect(decide(input({ install: { kind: 'not-installed' } }))).toMatchObject({
      action: 'tell',
      why: 'not-installed',
    });
  });

  it('does nothing for the same or an older version: never a downgrade', () => {
    expect(decide(input({ offered: '0.1.0' }))).toEqual({ action: 'none', why: 'same' });
    expect(decide(input({ current: '0.3.0-beta.2', offered: '0.2.0' }))).toEqual({
      action: 'none',
      why: 'older',
    });
  });

  it('offers a pre-release on the beta channel only', () => {
    expect(decide(input({ offered: '0.2.0-beta.1' }))).toEqual({
      action: 'none',
      why: 'prerelease-on-stable',
    });
    expect(decide(input({ offered: '0.2.0-beta.1', channel: 'beta' }))).toEqual({
      action: 'install-on-quit',
      version: '0.2.0-beta.1',
    });
    // On beta, the release that follows a beta is offered too.
    expect(decide(input({ current: '0.2.0-beta.1', offered: '0.2.0', channel: 'beta' }))).toEqual({
      action: 'install-on-quit',
      version: '0.2.0',
    });
  });

  it('refuses an offered version that is not one, in words', () => {
    expect(() => decide(input({ offered: 'latest' }))).toThrow(FeedProblem);
    expect(() => decide(input({ offered: 'latest' }))).toThrow(/"latest", which is not a version/);
  });
});

describe('how this copy was installed', () => {
  const facts = { platform: 'linux', packaged: true, env: {}, packageType: null };

  it('is not installed in development, browser mode and the CLI', () => {
    expect(detectInstall({ ...facts, packaged: false, env: { APPIMAGE: '/a' } }).kind).toBe(
      'not-installed',
    );
  });

  it('replaces itself on Windows, macOS and from an AppImage', () => {
    expect(detectInstall({ ...facts, platform: 'win32' })).toEqual({ kind: 'self' });
    expect(detectInstall({ ...facts, platform: 'darwin' })).toEqual({ kind: 'self' });
    expect(detectInstall({ ...facts, env: { APPIMAGE: '/home/u/Roadcam.AppImage' } })).toEqual({
      kind: 'self',
    });
  });

  it("is a package from electron-builder's package-type file, or without APPIMAGE on Linux", () => {
    expect(detectInstall({ ...facts, packageType: 'rpm\n' })).toEqual({
      kind: 'package',
      format: 'rpm',
    });
    expect(detectInstall({ ...facts, packageType: 'deb', env: { APPIMAGE: '/x' } })).toEqual({
      kind: 'package',
      format: 'deb',
    });
    expect(detectInstall(facts)).toEqual({ kind: 'package', format: 'deb' });
  });

  it('says how to install the downloaded package', () => {
    expect(packageHint('deb', 'https://feed/roadcam_0.2.0_amd64.deb')).toBe(
      'sudo apt install ./roadcam_0.2.0_amd64.deb (or sudo dpkg -i roadcam_0.2.0_amd64.deb)',
    );
    expect(packageHint('rpm', 'https://feed/roadcam-0.2.0.x86_64.rpm')).toMatch(
      /^sudo dnf install/,
    );
  });
});

describe('when the feed is read again', () => {
  it('every 4 hours, and 30 minutes after a failure', () => {
    expect(nextCheckDelay(false)).toBe(4 * 3600_000);
    expect(nextCheckDelay(true)).toBe(30 * 60_000);
    expect(UPDATE_TIMING.firstCheckMs).toBe(30_000);
  });
});
