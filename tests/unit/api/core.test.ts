import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppStatus } from '../../../src/shared/ipc.ts';
import { startCore, type Core } from '../../../src/main/core.ts';
import { tempDir } from '../../helpers/core.ts';
import { NOW } from './helpers.ts';

describe('the core in demo mode', () => {
  const dir = tempDir();
  let core: Core;
  beforeAll(async () => {
    core = await startCore({
      dataDir: dir.path,
      connection: { kind: 'demo', world: { cameras: 300, hours: 3, now: NOW } },
      log: () => {},
    });
  });
  afterAll(async () => {
    await core.close();
    dir.remove();
  });

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
