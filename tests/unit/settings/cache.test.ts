import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOfflineCore } from '../../helpers/core.ts';

let core: Awaited<ReturnType<typeof startOfflineCore>>;
beforeAll(async () => {
  core = await startOfflineCore();
});
afterAll(async () => {
  await core.cleanup();
});

describe('the cache in Settings', () => {
  it('reports its usage and is cleared on request', async () => {
    await core.cache.media.put('test:a', Readable.from([Buffer.alloc(4096, 1)]), 'image/jpeg');
    await core.cache.media.put('test:b', Readable.from([Buffer.alloc(1024, 2)]), 'image/jpeg');
    core.cache.searches.put('cameras', { state: 'CO' }, {
      features: [],
      properties: { total: 0 },
    } as never);
    expect(await core.api.invoke('cache.usage', {})).toEqual({
      mediaBytes: 5120,
      mediaFiles: 2,
      searches: 1,
    });
    expect(await core.api.invoke('cache.clear', {})).toEqual({
      mediaBytes: 0,
      mediaFiles: 0,
      searches: 0,
    });
    expect(core.cache.media.get('test:a')).toBeNull();
  });

  it('has no folder picker in browser mode, and says what to do instead', async () => {
    await expect(core.api.invoke('app.chooseFolder', { title: 'Downloads' })).rejects.toThrow(
      /type the folder path/,
    );
  });
});
