import { describe, expect, it } from 'vitest';
import { freshDatabases } from '../../helpers/db.ts';
import { idFileName, imageFileName } from '../../../src/engine/collections/files.ts';
import { sanitiseSegment } from '../../../src/engine/downloads/naming.ts';
import { pageAfter, searchLocal } from '../../../src/engine/collections/local.ts';
import { KeptStore } from '../../../src/engine/collections/store.ts';
import { migration } from '../../../src/engine/db/migrations/0400-kept-collections.ts';
import { migrations } from '../../../src/engine/db/migrations/index.ts';
import { expiryOf, parseImageName } from '../../../src/shared/ipc/collections.ts';
import { said } from '../../../src/shared/i18n/translator.ts';

const fresh = freshDatabases();

describe('migration 0400 (kept collections)', () => {
  it('is registered after 0060 and creates STRICT tables with their checks', () => {
    const versions = migrations.map((m) => m.version);
    expect(versions).toContain(400);
    expect(versions.indexOf(400)).toBeGreaterThan(versions.indexOf(60));
    const db = fresh({ migrated: false });
    migration.up(db);
    const tables = db.prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'table'").all() as {
      name: string;
      sql: string;
    }[];
    expect(tables.map((t) => t.name).sort()).toEqual([
      'collection_image_sources',
      'kept_collections',
      'kept_images',
    ]);
    for (const t of tables) expect(t.sql).toMatch(/STRICT$/);
    expect(() =>
      db.prepare("INSERT INTO kept_collections VALUES ('s', 'c', '', 'lost', NULL, NULL)").run(),
    ).toThrow(/CHECK/);
    expect(() =>
      db.prepare("INSERT INTO kept_images VALUES ('s', 'c', 'n', 'f', 'big', NULL, NULL, 0)").run(),
    ).toThrow(/datatype|INTEGER/i);
  });
});

describe('KeptStore', () => {
  it('reconciles rows with the service names and counts what is on disk', () => {
    const store = new KeptStore(fresh(), 'svc');
    store.keep('c1');
    expect(store.reconcile('c1', ['a.jpg', 'b.jpg', 'c.jpg'], (n) => `f-${n}`).added).toBe(3);
    store.setHeaders('c1', 'a.jpg', 100, '"e"', 'image/jpeg');
    store.markDone('c1', 'a.jpg');
    expect(store.status('c1')).toMatchObject({ state: 'pending', done: 1, total: 3, bytes: 100 });
    const { removed, added } = store.reconcile('c1', ['b.jpg', 'd.jpg'], (n) => n);
    expect(removed.map((r) => r.name).sort()).toEqual(['a.jpg', 'c.jpg']);
    expect(added).toBe(1);
    expect(store.images('c1').map((i) => [i.name, i.file])).toEqual([
      ['b.jpg', 'f-b.jpg'],
      ['d.jpg', 'd.jpg'],
    ]);
    expect(store.release('c1')).toHaveLength(2);
    expect(store.status('c1')).toBeNull();
    expect(store.images('c1')).toEqual([]);
  });

  it('keeps why a sync failed as what it means beside its English; a row from before shows its English', () => {
    const db = fresh();
    const store = new KeptStore(db, 'svc');
    store.keep('c1');
    store.setState('c1', 'failed', said('collections.kept.stopped'));
    expect(store.status('c1')).toMatchObject({
      message: 'Sync stopped.',
      messageSaid: { code: 'collections.kept.stopped', params: {} },
    });
    // As 0660 left a row written before: English, and nothing beside it.
    db.prepare(
      "UPDATE kept_collections SET message = 'Not synced: offline', message_said = NULL",
    ).run();
    expect(store.status('c1')).toMatchObject({ message: 'Not synced: offline', messageSaid: null });
    store.setState('c1', 'synced', null);
    expect(store.status('c1')).toMatchObject({ message: null, messageSaid: null });
  });

  it('keeps accounts apart and remembers image sources', () => {
    const db = fresh();
    const a = new KeptStore(db, 'demo');
    const b = new KeptStore(db, 'https://roads.example');
    a.keep('c1');
    expect(b.isKept('c1')).toBe(false);
    a.recordSource('c1', 'x.jpg', { kind: 'observation', observationId: 'O_1' });
    expect(a.sources('c1', ['x.jpg', 'y.jpg'])).toEqual(
      new Map([['x.jpg', { kind: 'observation', observationId: 'O_1' }]]),
    );
    expect(b.sources('c1', ['x.jpg']).size).toBe(0);
    a.forgetSources('c1');
    expect(a.sources('c1', ['x.jpg']).size).toBe(0);
  });
});

describe('local browsing', () => {
  const names = ['A_1.jpg', 'A_2.jpg', 'B_1.jpg', 'B_2.jpg', 'C_1.jpg'];

  it('applies the marker rule: after an exact name, at a partial one', () => {
    expect(pageAfter(names, '', 2)).toEqual(['A_1.jpg', 'A_2.jpg']);
    expect(pageAfter(names, 'A_2.jpg', 2)).toEqual(['B_1.jpg', 'B_2.jpg']);
    expect(pageAfter(names, 'B', 10)).toEqual(['B_1.jpg', 'B_2.jpg', 'C_1.jpg']);
    expect(pageAfter(names, 'A_15', 1)).toEqual(['A_2.jpg']);
    expect(pageAfter(names, 'C_1.jpg', 5)).toEqual([]);
    expect(pageAfter(names, 'Z', 5)).toEqual([]);
  });

  it('searches kept collections like the index: q, dates, tag, sort, paging', () => {
    const c = (id: string, name: string, created: string, tags: string[]) => ({
      _id: id,
      name,
      description: '',
      tags,
      created_at: created,
      updated_at: created,
    });
    const all = [
      c('1', 'Snow on I-70', '2026-11-01T10:00:00Z', ['snow']),
      c('2', 'Fog', '2026-11-10T10:00:00Z', ['fog', 'Snow']),
      c('3', 'Snow drifts', '2026-11-20T10:00:00Z', []),
    ];
    expect(searchLocal(all, { q: 'snow' }).results.map((r) => r._id)).toEqual(['2', '3', '1']);
    expect(searchLocal(all, { q: 'snow', sort: 'created_at' }).results.map((r) => r._id)).toEqual([
      '1',
      '2',
      '3',
    ]);
    expect(searchLocal(all, { tag: 'snow' }).total).toBe(2);
    expect(searchLocal(all, { created_at_max: '2026-11-10' }).total).toBe(2);
    expect(
      searchLocal(all, { created_at_min: '2026-11-02', sort_dir: 'desc' }).results[0]?._id,
    ).toBe('3');
    expect(searchLocal(all, { limit: 1, skip: 1 }).results.map((r) => r._id)).toEqual(['3']);
    expect(searchLocal(all, {}).tags[0]).toEqual({ key: 'fog', count: 1 });
  });
});

describe('names and expiry', () => {
  it('reads camera and time from a name in our form, and nothing from any other name', () => {
    expect(parseImageName('US-CO-1_20261121T115800Z.jpg')).toEqual({
      cameraId: 'US-CO-1',
      time: '2026-11-21T11:58:00.000Z',
    });
    expect(parseImageName('US-CO-1_20261121T115800.500Z.jpg')).toEqual({
      cameraId: 'US-CO-1',
      time: '2026-11-21T11:58:00.500Z',
    });
    expect(parseImageName('holiday.png')).toEqual({ cameraId: null, time: null });
    expect(parseImageName('img-d5pn4.jpg')).toEqual({ cameraId: null, time: null });
    expect(parseImageName('US-CO-1_20261399T999999Z.jpg')).toEqual({ cameraId: null, time: null });
  });

  it('expires 90 days after creation; days left counts whole days', () => {
    const created = '2026-09-01T00:00:00Z';
    expect(expiryOf(created, Date.parse('2026-09-01T00:00:00Z'))).toEqual({
      expiresAt: '2026-11-30T00:00:00.000Z',
      days: 90,
    });
    expect(expiryOf(created, Date.parse('2026-11-24T12:00:00Z')).days).toBe(5);
    expect(expiryOf(created, Date.parse('2026-12-01T00:00:00Z')).days).toBeLessThan(0);
  });

  it('file names from service names are always plain and inside the folder', () => {
    expect(imageFileName('US-CO-1_20261121T115800Z.jpg')).toMatch(
      /^US-CO-1_20261121T115800Z-[0-9a-f]{32}\.jpg$/,
    );
    expect(idFileName('col_1')).toBe('col_1');
    // Names the download engine's sanitiser would change (a trailing dot, a device name) are
    // made plain too, so that the engine writes exactly the file the store recorded.
    for (const bad of [
      '..',
      '.hidden',
      'a:b.jpg',
      'con\u0000.jpg',
      'x.jpg.part',
      'a b.png',
      'frame.',
      'nul.jpg',
      'COM1',
    ]) {
      expect(imageFileName(bad)).toMatch(/^([A-Za-z0-9_-]+-)?[0-9a-f]{32}(\.jpg|\.png)?$/);
      expect(sanitiseSegment(imageFileName(bad))).toBe(imageFileName(bad));
      expect(idFileName(bad)).toMatch(/^[0-9a-f]{32}(\.jpg|\.png)?$/);
      expect(sanitiseSegment(idFileName(bad))).toBe(idFileName(bad));
    }
  });
});
