import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UpdateStatus } from '../../../src/shared/ipc/updates.ts';
import { UpdateChecker, type UpdatePrefs } from '../../../src/engine/updates/checker.ts';
import type { UpdateEngine } from '../../../src/engine/updates/engine.ts';
import type { InstallKind } from '../../../src/engine/updates/install.ts';
import { feedReader } from '../../../src/engine/updates/read-feed.ts';
import { startFeedServer, type FeedServer } from '../../helpers/update-feed.ts';
import { sleep, waitFor } from '../../helpers/wait.ts';

let feed: FeedServer;
let checker: UpdateChecker | undefined;
beforeEach(async () => (feed = await startFeedServer()));
afterEach(async () => {
  checker?.close();
  await feed.close();
});

interface Setup {
  prefs?: Partial<UpdatePrefs>;
  install?: InstallKind;
  current?: string;
  timing?: ConstructorParameters<typeof UpdateChecker>[0]['timing'];
}

/** A checker reading the local feed with a plain fetch, as a Linux x64 machine would. */
function makeChecker(setup: Setup = {}) {
  const prefs: UpdatePrefs = {
    updateMode: 'install',
    updateChannel: 'stable',
    updateFeedUrl: feed.url,
    ...setup.prefs,
  };
  const seen: UpdateStatus[] = [];
  const lines: string[] = [];
  const downloads: string[] = [];
  const reader = feedReader((url, init) => fetch(url, init), 'linux', 'x64');
  // electron-updater's download, as far as the checker sees it: it resolves once downloaded.
  const engine: UpdateEngine = { ...reader, download: async () => void downloads.push('x') };
  checker = new UpdateChecker({
    currentVersion: setup.current ?? '0.1.0',
    install: setup.install ?? { kind: 'self' },
    engine,
    prefs: () => prefs,
    onChange: (s) => seen.push(s),
    log: (line) => lines.push(line),
    timing: setup.timing,
  });
  return { checker, prefs, seen, lines, downloads };
}

describe('checking the update feed', () => {
  it('says the app is up to date when the feed offers its own version', async () => {
    feed.publish('latest', '0.1.0');
    const status = await makeChecker().checker.check();
    expect(status.state).toBe('up-to-date');
    expect(status.summary).toBe('Roadcam 0.1.0 is up to date.');
    expect(status.checkedAt).not.toBeNull();
    expect(feed.requests).toEqual(['/desktop/latest-linux.yml']);
  });

  it('offers a newer version, downloads it and says it installs on quit', async () => {
    feed.publish('latest', '0.2.0');
    const { checker, downloads } = makeChecker();
    const found = await checker.check();
    expect(found).toMatchObject({ state: 'downloading', available: '0.2.0', downloadUrl: null });
    await waitFor(() => checker.status.state === 'ready', { what: 'the update to be ready' });
    expect(checker.status.summary).toBe('Roadcam 0.2.0 is available; it installs when you quit.');
    expect(downloads).toHaveLength(1);
  });

  it('offers the beta only on the beta channel, and never a pre-release on stable', async () => {
    feed.publish('latest', '0.2.0');
    feed.publish('beta', '0.3.0-beta.1');
    const stable = makeChecker({ prefs: { updateMode: 'notify' } });
    expect(await stable.checker.check()).toMatchObject({ state: 'available', available: '0.2.0' });
    stable.checker.close();
    const beta = makeChecker({ prefs: { updateMode: 'notify', updateChannel: 'beta' } });
    expect(await beta.checker.check()).toMatchObject({ available: '0.3.0-beta.1' });
    expect(feed.requests).toEqual(['/desktop/latest-linux.yml', '/desktop/beta-linux.yml']);
    beta.checker.close();
    // A stable feed that lists a pre-release by mistake does not offer it.
    feed.publish('latest', '0.3.0-beta.1');
    expect((await makeChecker().checker.check()).state).toBe('up-to-date');
  });

  it('only tells a deb install, with the download and the apt command', async () => {
    feed.publish('latest', '0.2.0');
    const { checker, downloads } = makeChecker({ install: { kind: 'package', format: 'deb' } });
    const status = await checker.check();
    const deb = `${feed.url}roadcam_0.2.0_amd64.deb`;
    expect(status).toMatchObject({ state: 'available', available: '0.2.0', downloadUrl: deb });
    expect(status.summary).toBe(`Roadcam 0.2.0 is available: download it from ${deb}`);
    expect(status.advice).toContain('sudo apt install ./roadcam_0.2.0_amd64.deb');
    expect(downloads).toHaveLength(0);
  });

  it('in notify mode tells and downloads nothing', async () => {
    feed.publish('latest', '0.2.0');
    const { checker, downloads } = makeChecker({ prefs: { updateMode: 'notify' } });
    const status = await checker.check();
    expect(status.summary).toBe(
      `Roadcam 0.2.0 is available: download it from ${feed.url}Roadcam-0.2.0.AppImage`,
    );
    expect(downloads).toHaveLength(0);
  });
});

describe('a feed that cannot be read', () => {
  it('says so in words when it is not a release description', async () => {
    feed.put('latest-linux.yml', '<html><body>Please sign in</body></html>');
    const status = await makeChecker().checker.check();
    expect(status.state).toBe('failed');
    expect(status.summary).toBe(
      `Roadcam could not check for updates: ${feed.url}latest-linux.yml names no version, so it is not an update description.`,
    );
    expect(status.advice).toMatch(/update feed address in Settings › Updates/);
  });

  it('says which file is missing (HTTP 404)', async () => {
    const status = await makeChecker().checker.check();
    expect(status.summary).toMatch(/the feed has no latest-linux.yml \(.* answered HTTP 404\)/);
  });

  it('says it could not reach a feed where nothing listens', async () => {
    const url = feed.url;
    await feed.close();
    const status = await makeChecker({ prefs: { updateFeedUrl: url } }).checker.check();
    expect(status.summary).toMatch(
      /the update feed at 127\.0\.0\.1:\d+ could not be reached \(ECONNREFUSED\)/,
    );
    feed = await startFeedServer();
  });

  it('gives up on a feed that never answers, at the deadline', async () => {
    feed.put('latest-linux.yml', 'hang');
    const started = Date.now();
    const status = await makeChecker({ timing: { deadlineMs: 1000 } }).checker.check();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(status.summary).toMatch(
      /the update feed at 127\.0\.0\.1:\d+ did not answer within 1 s\.$/,
    );
  });

  it('keeps a mirror token out of the status and the log', async () => {
    feed.publish('latest', '0.2.0');
    const { checker, lines } = makeChecker({
      prefs: { updateFeedUrl: `${feed.url}?token=s3cret`, updateMode: 'notify' },
      install: { kind: 'package', format: 'deb' },
    });
    const status = await checker.check();
    expect(status.available).toBe('0.2.0');
    expect(JSON.stringify(status) + lines.join('\n')).not.toContain('s3cret');
  });
});

describe('when the feed is read on its own', () => {
  const quick = { firstCheckMs: 50, intervalMs: 60_000, retryMs: 60_000 };

  it('reads it shortly after the start, and says when it reads it next', async () => {
    feed.publish('latest', '0.1.0');
    const { checker } = makeChecker({ timing: quick });
    checker.start();
    expect(checker.status.nextCheckAt).not.toBeNull();
    await waitFor(() => checker.status.state === 'up-to-date', {
      what: 'the check to find it up to date',
    });
    expect(feed.requests).toHaveLength(1);
    const next = Date.parse(checker.status.nextCheckAt!) - Date.parse(checker.status.checkedAt!);
    expect(next).toBeGreaterThanOrEqual(59_000);
  });

  it('never: no check at all, not even when asked, and no request', async () => {
    feed.publish('latest', '0.2.0');
    const { checker } = makeChecker({ prefs: { updateMode: 'never' }, timing: quick });
    checker.start();
    await sleep(400); // time for the quick timing's checks, were any due: none may run
    expect((await checker.check()).state).toBe('off');
    expect(checker.status.nextCheckAt).toBeNull();
    expect(feed.requests).toEqual([]);
  });

  it('browser mode and the CLI read it only when asked', async () => {
    feed.publish('latest', '0.2.0');
    const { checker } = makeChecker({ install: { kind: 'not-installed' }, timing: quick });
    checker.start();
    await sleep(400); // time for the quick timing's checks, were any due: none may run
    expect(feed.requests).toEqual([]);
    const status = await checker.check();
    expect(status.summary).toMatch(/^Roadcam 0.2.0 is available: download it from /);
    expect(status.advice).toMatch(/^Install the desktop app from that download/);
  });

  it('forgets what it found when the channel changes, and reads the new one soon', async () => {
    feed.publish('latest', '0.2.0');
    feed.publish('beta', '0.3.0-beta.1');
    const { checker, prefs } = makeChecker({ prefs: { updateMode: 'notify' }, timing: quick });
    expect((await checker.check()).available).toBe('0.2.0');
    prefs.updateChannel = 'beta';
    checker.prefsChanged();
    expect(checker.status).toMatchObject({ state: 'idle', available: null, channel: 'beta' });
    await waitFor(() => checker.status.available === '0.3.0-beta.1', {
      what: 'the beta to be available',
    });
  });
});
