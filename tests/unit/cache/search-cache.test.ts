import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import {
  MediaCache,
  normaliseSearch,
  OfflineCollections,
  SearchCache,
} from '../../../src/engine/cache/index.ts';
import { openDatabase, type Db } from '../../../src/engine/db/database.ts';
import { migrate } from '../../../src/sqlite/migrate.ts';
import { migrations } from '../../../src/engine/db/migrations/index.ts';
import { tempDir } from '../../helpers/core.ts';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((f) => f()));

function fresh(): { db: Db; dir: string } {
  const dir = tempDir();
  const db = openDatabase(join(dir.path, 'roadcam.sqlite'));
  cleanups.push(() => {
    db.close();
    dir.remove();
  });
  return { db, dir: dir.path };
}

function tableSql(db: Db, name: string): string {
  return (db.prepare('SELECT sql FROM sqlite_master WHERE name = ?').get(name) as { sql: string })
    .sql;
}

describe('cache migrations', () => {
  const tables: Record<number, string[]> = {
    20: ['profiles'],
    30: ['cached_searches', 'cached_features'],
    40: ['media_cache'],
    50: ['downloads'],
    60: ['offline_collections', 'offline_collection_images'],
  };
  for (const [version, names] of Object.entries(tables)) {
    it(`${version} creates STRICT tables ${names.join(', ')}`, () => {
      const db = new Database(':memory:');
      migrate(
        db,
        migrations.filter((m) => m.version <= Number(version)),
      );
      for (const name of names) expect(tableSql(db, name)).toMatch(/\bSTRICT\b/);
      db.close();
    });
  }

  it('the downloads table of 0050 refused unknown states and formats', () => {
    const db = new Database(':memory:');
    migrate(
      db,
      migrations.filter((m) => m.version <= 50),
    );
    const insert = (state: string, format: string) =>
      db
        .prepare(
          "INSERT INTO downloads (recording_id, format, target, state, created_at, updated_at) VALUES ('r', ?, '/t', ?, 'x', 'x')",
        )
        .run(format, state);
    expect(() => insert('lost', 'zip')).toThrow(/CHECK/);
    expect(() => insert('queued', 'gif')).toThrow(/CHECK/);
    expect(() => insert('queued', 'zip')).not.toThrow();
  });

  it('510 drops that table, replaced by the download engine queue of 0300', () => {
    const { db } = fresh();
    expect(
      db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'downloads'").get(),
    ).toEqual({ n: 0 });
    expect(
      db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'download_items'").get(),
    ).toEqual({ n: 1 });
  });
});

describe('search parameter normalisation', () => {
  it('applies defaults, sorts keys and values, and writes numbers one way', () => {
    const a = normaliseSearch('cameras', {
      state: 'WA',
      aggs: ['state', 'city'],
      bbox: [-125, 45.0, -116, 49],
    });
    const b = normaliseSearch('cameras', {
      bbox: '-125,45,-116,49.0',
      limit: 10,
      skip: 0,
      sort_dir: 'asc',
      aggs: ['city', 'state'],
      state: 'WA',
      q: undefined,
    });
    expect(a).toBe(b);
    expect(a).toBe(
      'aggs%5B%5D=city&aggs%5B%5D=state&bbox=-125%2C45%2C-116%2C49&limit=10&skip=0&sort_dir=asc&state=WA',
    );
  });

  it('keeps different searches apart', () => {
    expect(normaliseSearch('cameras', { limit: 20 })).not.toBe(normaliseSearch('cameras', {}));
    expect(normaliseSearch('observations', { sensors: { visibility: { max: 0.2 } } })).not.toBe(
      normaliseSearch('observations', { sensors: { visibility: { min: 0.2 } } }),
    );
  });
});

describe('SearchCache', () => {
  const page = (n: number) => ({
    type: 'FeatureCollection',
    bbox: [0, 0, 1, 1],
    features: Array.from({ length: n }, (_, i) => ({ id: `c${i}`, properties: { i } })),
    properties: { total: 1234, skip: 0, limit: n, aggs: { state: [{ key: 'WA', doc_count: 3 }] } },
  });

  it('returns a cached answer by normalised parameters, with when it was fetched', () => {
    const { db } = fresh();
    const cache = new SearchCache(db, 'demo');
    const at = new Date('2026-11-21T10:42:00Z');
    cache.put('cameras', { state: 'WA', limit: 10 }, page(10), at);
    const hit = cache.get<{ id: string }>('cameras', { limit: 10, skip: 0, state: 'WA' });
    expect(hit?.features.map((f) => f.id)).toEqual(Array.from({ length: 10 }, (_, i) => `c${i}`));
    expect(hit).toMatchObject({ total: 1234, fetchedAt: '2026-11-21T10:42:00.000Z' });
    expect(hit?.envelope).toMatchObject({
      bbox: [0, 0, 1, 1],
      properties: { aggs: { state: [{ key: 'WA' }] } },
    });
    expect(cache.get('cameras', { state: 'OR' })).toBeNull();
    expect(new SearchCache(db, 'https://other.test').get('cameras', { state: 'WA' })).toBeNull();
  });

  it('replaces an earlier answer to the same search', () => {
    const { db } = fresh();
    const cache = new SearchCache(db, 'demo');
    cache.put('cameras', {}, page(10));
    cache.put('cameras', {}, page(3));
    expect(cache.get('cameras', {})?.features).toHaveLength(3);
    expect(db.prepare('SELECT count(*) FROM cached_features').pluck().get()).toBe(3);
  });

  it('keeps complete results (searchAll) under their own key, ignoring paging and order', () => {
    const { db } = fresh();
    const cache = new SearchCache(db, 'demo');
    cache.putAll('cameras', { state: 'WA', sort: 'city' }, page(50).features);
    expect(cache.getAll('cameras', { state: 'WA', limit: 100 })?.features).toHaveLength(50);
    expect(cache.get('cameras', { state: 'WA' })).toBeNull();
  });

  it('prunes the least recently used searches', () => {
    const { db } = fresh();
    const cache = new SearchCache(db, 'demo');
    for (let i = 0; i < 5; i++)
      cache.put('cameras', { skip: i }, page(2), new Date(Date.UTC(2026, 0, 1 + i)));
    expect(cache.prune(2)).toBe(3);
    expect(cache.get('cameras', { skip: 4 })).not.toBeNull();
    expect(cache.get('cameras', { skip: 0 })).toBeNull();
    expect(db.prepare('SELECT count(*) FROM cached_features').pluck().get()).toBe(4);
  });
});

describe('MediaCache', () => {
  const bytes = (n: number, fill = 1) => Readable.from([Buffer.alloc(n, fill)]);

  it('streams files to disk under media/ and finds them again', async () => {
    const { db, dir } = fresh();
    const cache = new MediaCache(db, join(dir, 'media'), () => 1_000_000);
    const entry = await cache.put('camera/A/live', bytes(1000), 'image/jpeg');
    expect(entry.path.startsWith(join(dir, 'media'))).toBe(true);
    expect(cache.get('camera/A/live')).toMatchObject({
      size: 1000,
      contentType: 'image/jpeg',
      path: entry.path,
    });
    expect(cache.totalBytes()).toBe(1000);
    expect(cache.get('missing')).toBeNull();
  });

  it('evicts the least recently used files past the size cap', async () => {
    const { db, dir } = fresh();
    let cap = 3000;
    const cache = new MediaCache(db, join(dir, 'media'), () => cap);
    const a = await cache.put('a', bytes(1000), null);
    await cache.put('b', bytes(1000), null);
    await cache.put('c', bytes(1000), null);
    cache.get('a');
    await cache.put('d', bytes(1000), null);
    expect(cache.get('b')).toBeNull();
    expect(cache.get('a')).not.toBeNull();
    expect(cache.totalBytes()).toBe(3000);
    cap = 1500;
    expect(cache.evict()).toBe(2);
    expect(existsSync(a.path)).toBe(true);
    expect(cache.get('c')).toBeNull();
  });

  it('forgets an entry whose file was deleted, and leaves no partial file on failure', async () => {
    const { db, dir } = fresh();
    const cache = new MediaCache(db, join(dir, 'media'), () => 1e9);
    const failing = new Readable({
      read() {
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(cache.put('x', failing, null)).rejects.toThrow('connection reset');
    const files = readdirSync(join(dir, 'media'), { recursive: true, withFileTypes: true }).filter(
      (f) => f.isFile(),
    );
    expect(files).toEqual([]);
    expect(cache.get('x')).toBeNull();
  });
});

describe('OfflineCollections', () => {
  const collection = (id: string, name: string) => ({
    _id: id,
    name,
    description: 'd',
    tags: ['snow'],
    created_at: '2026-11-01T00:00:00Z',
    updated_at: '2026-11-02T00:00:00Z',
  });

  it('keeps collections and their image names for offline use', () => {
    const { db } = fresh();
    const offline = new OfflineCollections(db, 'demo');
    offline.save([collection('c1', 'Passes'), collection('c2', 'Alpha')]);
    offline.saveImages('c1', ['b.jpg', 'a.jpg']);
    expect(offline.list().map((c) => c.name)).toEqual(['Alpha', 'Passes']);
    expect(offline.get('c1')).toMatchObject({ tags: ['snow'], images: ['b.jpg', 'a.jpg'] });
    expect(offline.get('c1')?.imagesSyncedAt).not.toBeNull();
    offline.save([collection('c1', 'Passes renamed')]);
    expect(offline.get('c1')).toMatchObject({ name: 'Passes renamed', images: ['b.jpg', 'a.jpg'] });
    expect(offline.retainOnly(['c1'])).toBe(1);
    expect(offline.list().map((c) => c._id)).toEqual(['c1']);
  });
});
