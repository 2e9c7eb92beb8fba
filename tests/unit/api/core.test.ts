import { describe, expect, it, vi } from 'vitest';
import type { AppStatus } from '../../../src/shared/ipc.ts';
import { startCore } from '../../../src/engine/core.ts';
import { tempDir } from '../../helpers/core.ts';
import { useDemoCore } from '../../helpers/per-describe.ts';
import { NOW } from '../../helpers/api.ts';
import { sleep } from '../../helpers/wait.ts';

describe('the core in demo mode', () => {
  const core = useDemoCore({ cameras: 300, hours: 3, now: NOW });

  it('has a client signed in with the demo credentials, and reports the token in the status', async () => {
    expect((await core.api.invoke('app.status', {})).tokenHeld).toBe(false);
    const seen: AppStatus[] = [];
    const stop = core.hub.on('app.statusChanged', (s) => seen.push(s));
    const page = await core.client.cameras.search({ limit: 3 });
    stop();
    expect(page.features).toHaveLength(3);
    expect((await core.api.invoke('app.status', {})).tokenHeld).toBe(true);
    expect(seen.at(-1)?.tokenHeld).toBe(true);
  });

  it('caches searches for the demo service', () => {
    core.cache.searches.put(
      'cameras',
      { limit: 1 },
      { features: [{ id: 'x' }], properties: { total: 1 } },
    );
    expect(core.cache.searches.get('cameras', { limit: 1 })?.features).toEqual([{ id: 'x' }]);
  });
});

describe('a closed core', () => {
  it('leaves nothing running: the service coming back after close starts no collection sync on the closed database', async () => {
    const dir = tempDir();
    const core = await startCore({
      dataDir: dir.path,
      connection: { kind: 'demo', world: { cameras: 50, hours: 1, now: NOW } },
      log: () => {},
    });
    const status = await core.api.invoke('app.status', {});
    await core.close();
    const thrown: unknown[] = [];
    const onError = (error: unknown) => thrown.push(error);
    process.on('uncaughtException', onError);
    process.on('unhandledRejection', onError);
    try {
      // Offline, then online again: a feature still subscribed would sync every kept
      // collection, reading the closed database (it crashed the process before).
      expect(() => core.hub.emit('app.statusChanged', { ...status, online: false })).not.toThrow();
      expect(() => core.hub.emit('app.statusChanged', { ...status, online: true })).not.toThrow();
      await sleep(50); // time for the sync a still-subscribed feature would start: none may
    } finally {
      process.off('uncaughtException', onError);
      process.off('unhandledRejection', onError);
      dir.remove();
    }
    expect(thrown).toEqual([]);
  });
});

describe('closing the core', () => {
  it('clears every interval and hub subscription its features opened', async () => {
    const dir = tempDir();
    const started = vi.spyOn(globalThis, 'setInterval');
    const cleared = vi.spyOn(globalThis, 'clearInterval');
    try {
      const core = await startCore({
        dataDir: dir.path,
        connection: { kind: 'demo', world: { cameras: 50, hours: 1, now: NOW } },
        log: () => {},
      });
      // Running: the connection checks, the alert watcher and the collections' sync schedule;
      // the collections sync and the download queue listen on the hub.
      const intervals = started.mock.results.map((r) => r.value as unknown);
      expect(intervals.length).toBeGreaterThanOrEqual(3);
      expect(core.hub.listenerCount()).toBeGreaterThanOrEqual(2);
      await core.close();
      const stopped = new Set(cleared.mock.calls.map(([timer]) => timer as unknown));
      expect(intervals.filter((timer) => !stopped.has(timer))).toEqual([]);
      expect(core.hub.listenerCount()).toBe(0);
    } finally {
      started.mockRestore();
      cleared.mockRestore();
      dir.remove();
    }
  });

  it('stops a complete map search still running, rather than let it write to a closed database', async () => {
    const dir = tempDir();
    const core = await startCore({
      dataDir: dir.path,
      connection: { kind: 'demo', world: { cameras: 300, hours: 1, now: NOW } },
      log: () => {},
    });
    const outcome = core.api.invoke('cameras.searchAll', { requestId: 'r1', params: {} }).then(
      () => 'finished',
      (error: Error) => error.message,
    );
    await core.close();
    expect(await outcome).toBe('The complete search was canceled; nothing was kept.');
    dir.remove();
  });

  it('refuses nothing when closed twice: the second close waits for the first', async () => {
    const dir = tempDir();
    const core = await startCore({
      dataDir: dir.path,
      connection: { kind: 'demo', world: { cameras: 50, hours: 1, now: NOW } },
      log: () => {},
    });
    await Promise.all([core.close(), core.close()]);
    await expect(core.close()).resolves.toBeUndefined();
    dir.remove();
  });
});

describe('the core with a profile', () => {
  it('refuses a profile that does not exist, saying how to add it', async () => {
    const dir = tempDir();
    await expect(
      startCore({
        dataDir: dir.path,
        connection: { kind: 'profile', profile: 'work' },
        log: () => {},
      }),
    ).rejects.toThrow(/roadcam login --profile work/);
    dir.remove();
  });
});
