import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UpdateStatus } from '../../../src/shared/ipc/updates.ts';
import { startOfflineCore } from '../../helpers/core.ts';
import { startFeedServer, type FeedServer } from '../../helpers/update-feed.ts';

type TestCore = Awaited<ReturnType<typeof startOfflineCore>>;
let feed: FeedServer;
let core: TestCore;
beforeEach(async () => {
  feed = await startFeedServer({ tls: true });
  core = await startOfflineCore();
});
afterEach(async () => {
  await core.cleanup();
  await feed.close();
});

describe('updates in the core (browser mode and the CLI)', () => {
  it('reads the feed of the setting over HTTPS through the core network, when asked', async () => {
    feed.publish('latest', '0.2.0');
    const before = await core.api.invoke('updates.status', {});
    expect(before).toMatchObject({ state: 'idle', install: 'not-installed', nextCheckAt: null });
    expect(before.feed).toBe('https://updates.roadcam.example/desktop/');
    await core.api.invoke('settings.update', { updateFeedUrl: feed.url, caFile: feed.caFile! });
    const seen: UpdateStatus[] = [];
    const stop = core.api.on('updates.changed', (s) => seen.push(s));
    const status = await core.api.invoke('updates.check', {});
    stop();
    expect(status).toMatchObject({ state: 'available', available: '0.2.0', feed: feed.url });
    expect(status.summary).toContain('download it from https://127.0.0.1:');
    expect(seen.map((s) => s.state)).toEqual(['checking', 'available']);
  });

  it('says the certificate is not trusted without the CA, and checks nothing in never mode', async () => {
    feed.publish('latest', '0.2.0');
    await core.api.invoke('settings.update', { updateFeedUrl: feed.url });
    const untrusted = await core.api.invoke('updates.check', {});
    expect(untrusted.state).toBe('failed');
    expect(untrusted.summary).toMatch(/^Roadcam could not check for updates: .*not trusted/);
    await core.api.invoke('settings.update', { updateMode: 'never' });
    const requests = feed.requests.length;
    expect(await core.api.invoke('updates.check', {})).toMatchObject({ state: 'off' });
    expect(feed.requests.length).toBe(requests);
  });

  it('refuses a feed address that is not https, saying what it expects', async () => {
    await expect(
      core.api.invoke('settings.update', { updateFeedUrl: 'http://mirror.corp/roadcam/' }),
    ).rejects.toThrow(/Type an https:\/\/ address of the folder that holds latest.yml/);
  });
});
