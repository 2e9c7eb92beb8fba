/**
 * The media resolver answers every request, even one that outlives the core's database (a
 * tile still loading as the app quits): a rejected promise would take the media server down.
 */
import Database from 'better-sqlite3';
import type { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { expect, it } from 'vitest';
import { ApiClient } from '../../../src/engine/api/index.ts';
import { MediaCache } from '../../../src/engine/cache/media.ts';
import { migrate } from '../../../src/sqlite/migrate.ts';
import { migrations } from '../../../src/engine/db/migrations/index.ts';
import { MediaResolver } from '../../../src/engine/media/resolver.ts';
import { tempDir } from '../../helpers/core.ts';
import { testNetwork } from '../../helpers/api.ts';

it('a request after the cache closed gets a 500 in words, not a crash', async () => {
  const dir = tempDir('roadcam-media-closed-');
  const db = new Database(':memory:');
  migrate(db, migrations);
  const cache = new MediaCache(db, dir.path, () => 1e9);
  const logged: string[] = [];
  // Nothing listens on port 9: the fetch fails, and the fallback then reads the closed cache.
  const client = new ApiClient({
    network: testNetwork(),
    baseUrl: 'http://127.0.0.1:9',
    credentials: () => Promise.resolve({ clientId: 'x', clientSecret: 'y' }),
  });
  const resolver = new MediaResolver(client, cache, (line) => logged.push(line));
  db.close();
  try {
    const answer = await resolver.resolve(
      'cameras/C1/images/2026-01-01T00:00:00Z',
      new AbortController().signal,
    );
    expect(answer.status).toBe(500);
    const body = await text(answer.body as Readable);
    expect(body).toMatch(
      /^Media cameras\/C1\/images\/2026-01-01T00:00:00Z could not be served: .*database.*restart Roadcam\.\n$/s,
    );
    expect(logged.join('\n')).toContain('could not be served');
  } finally {
    dir.remove();
  }
});
