import { join } from 'node:path';
import { afterAll, describe, expect } from 'vitest';
import { apiTest as test } from '../../helpers/fixtures.ts';
import { NetworkError } from '../../../src/engine/api/index.ts';
import { SearchCache, searchWithCache } from '../../../src/engine/cache/index.ts';
import { openDatabase, type Db } from '../../../src/engine/db/database.ts';
import { tempDir } from '../../helpers/core.ts';
import { demoClient } from '../../helpers/api.ts';

let db: Db;
const dir = tempDir();
test.beforeAll(() => {
  db = openDatabase(join(dir.path, 'roadcam.sqlite'));
});
afterAll(async () => {
  db.close();
  dir.remove();
});

describe('searchWithCache', () => {
  test('answers from the cache, with its fetch time, when the service is unreachable', async ({
    service,
  }) => {
    const cache = new SearchCache(db, 'demo');
    const params = { state: 'WA', limit: 5 } as const;
    const online = await searchWithCache(demoClient(service.url), cache, 'cameras', params);
    expect(online.fromCache).toBe(false);
    const offline = await searchWithCache(demoClient('http://127.0.0.1:1'), cache, 'cameras', {
      limit: 5,
      state: 'WA',
    });
    expect(offline.fromCache).toBe(true);
    expect(offline.fetchedAt).toBe(online.fetchedAt);
    expect(offline.collection.features).toEqual(online.collection.features);
    expect(offline.collection.properties).toEqual(online.collection.properties);
  });

  test('fails as before when nothing is cached, and never hides an error of the service', async ({
    service,
  }) => {
    const cache = new SearchCache(db, 'demo');
    await expect(
      searchWithCache(demoClient('http://127.0.0.1:1'), cache, 'cameras', { state: 'NOWHERE' }),
    ).rejects.toBeInstanceOf(NetworkError);
    await expect(
      searchWithCache(demoClient(service.url), cache, 'cameras', { bbox: '1' }),
    ).rejects.toMatchObject({
      code: 'invalid_parameter',
    });
  });
});
