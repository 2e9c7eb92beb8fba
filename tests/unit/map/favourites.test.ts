import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../../src/sqlite/migrate.ts';
import { migrations } from '../../../src/engine/db/migrations/index.ts';
import { FavouritesStore } from '../../../src/engine/cameras/favourites.ts';

const open: Database.Database[] = [];
function db() {
  const d = new Database(':memory:');
  migrate(d, migrations);
  open.push(d);
  return d;
}
afterEach(() => open.splice(0).forEach((d) => d.close()));

describe('0100-favourites', () => {
  it('creates a STRICT table keyed by service and camera', () => {
    const d = new Database(':memory:');
    migrate(
      d,
      migrations.filter((m) => m.version <= 100),
    );
    const sql = d
      .prepare("SELECT sql FROM sqlite_master WHERE name = 'favourite_cameras'")
      .pluck()
      .get() as string;
    expect(sql).toMatch(/STRICT/);
    expect(sql).toMatch(/PRIMARY KEY \(service, camera_id\)/);
    expect(() =>
      d
        .prepare('INSERT INTO favourite_cameras VALUES (?, ?, ?, ?)')
        .run('demo', 'A', Buffer.from('x'), 'now'),
    ).toThrow();
    d.close();
  });
});

describe('FavouritesStore', () => {
  it('adds, lists in the order added, renames on a second add, and removes', () => {
    const store = new FavouritesStore(db(), 'demo');
    store.add('US-CO-000002', 'Second', new Date('2026-11-21T10:00:00Z'));
    store.add('US-CO-000001', 'First', new Date('2026-11-21T11:00:00Z'));
    expect(store.list().map((f) => f.cameraId)).toEqual(['US-CO-000002', 'US-CO-000001']);
    const renamed = store.add('US-CO-000002', 'Renamed', new Date('2026-11-21T12:00:00Z'));
    expect(renamed[0]).toEqual({
      cameraId: 'US-CO-000002',
      name: 'Renamed',
      addedAt: '2026-11-21T10:00:00.000Z',
    });
    expect(store.remove('US-CO-000002').map((f) => f.cameraId)).toEqual(['US-CO-000001']);
  });

  it('keeps services apart', () => {
    const d = db();
    new FavouritesStore(d, 'demo').add('A', 'A');
    expect(new FavouritesStore(d, 'https://other.example').list()).toEqual([]);
  });
});
