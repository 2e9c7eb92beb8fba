import { describe, expect, it } from 'vitest';
import { freshDatabases } from '../../helpers/db.ts';
import { migration } from '../../../src/engine/db/migrations/0200-walls.ts';
import { migrations } from '../../../src/engine/db/migrations/index.ts';
import { migrate } from '../../../src/sqlite/migrate.ts';
import { WallStore } from '../../../src/engine/wall/store.ts';
import type { WallSaveInput } from '../../../src/shared/ipc/wall.ts';
import { wallSaveSchema } from '../../../src/shared/ipc/wall.ts';

const fresh = freshDatabases();

const place = { lon: -105, lat: 39.7, country: 'US', state: 'CO', city: 'Denver' };
function input(name: string, ids: string[], extra: Partial<WallSaveInput> = {}): WallSaveInput {
  return {
    name,
    layout: '2x2',
    columns: 4,
    tiles: ids.map((id) => ({
      id,
      name: `Camera ${id}`,
      video: id.endsWith('1'),
      ...place,
      colSpan: 1,
      rowSpan: 1,
    })),
    ...extra,
  };
}

describe('migration 0200 (walls)', () => {
  it('is registered in order and creates STRICT tables with their checks', () => {
    expect(migrations.some((m) => m.version === 200 && m.name === 'walls')).toBe(true);
    const db = fresh({ migrated: false });
    migration.up(db);
    const tables = db.prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'table'").all() as {
      name: string;
      sql: string;
    }[];
    expect(tables.map((t) => t.name).sort()).toEqual(['wall_tiles', 'walls']);
    for (const t of tables) expect(t.sql).toMatch(/STRICT$/);
    expect(() =>
      db
        .prepare(
          "INSERT INTO walls (name, layout, columns, updated_at, opened_at) VALUES ('x', '5x5', 1, '', '')",
        )
        .run(),
    ).toThrow(/CHECK/);
    expect(() =>
      db
        .prepare(
          "INSERT INTO walls (name, layout, columns, updated_at, opened_at) VALUES ('x', '2x2', 'four', '', '')",
        )
        .run(),
    ).toThrow(/datatype|INTEGER/i);
  });
});

describe('migration 0630 (wall layouts)', () => {
  it('keeps every wall and tile, accepts 5x5 and 6x6, and still removes tiles with their wall', () => {
    const db = fresh({ migrated: false });
    migrate(
      db,
      migrations.filter((m) => m.version < 630),
    );
    const before = new WallStore(db);
    const kept = before.save(input('Kept', ['C1', 'C2', 'C3'], { layout: '4x4' }));
    const other = before.save(input('Other', ['C4']));
    migrate(db, migrations);
    const store = new WallStore(db);
    expect(store.open(kept.id)).toEqual(kept);
    const big = store.save({ ...input('Big', ['C5', 'C6']), id: kept.id, layout: '6x6' });
    expect(store.open(kept.id)).toMatchObject({ layout: '6x6', tiles: big.tiles });
    expect(store.save(input('Five', ['C7'], { layout: '5x5' })).layout).toBe('5x5');
    store.remove(other.id);
    const orphans = db.prepare('SELECT count(*) AS n FROM wall_tiles WHERE wall_id = ?');
    expect(orphans.get(other.id)).toEqual({ n: 0 });
    expect(db.pragma('foreign_key_check')).toEqual([]);
  });
});

describe('saved walls', () => {
  it('saves a wall with its tiles in order and reads it back', () => {
    const store = new WallStore(fresh());
    const saved = store.save(
      input('Commute', ['US-CO-1', 'US-CO-2', 'US-CO-3']),
      new Date('2026-11-21T10:00:00Z'),
    );
    expect(saved.id).toBeGreaterThan(0);
    expect(saved.tiles.map((t) => t.id)).toEqual(['US-CO-1', 'US-CO-2', 'US-CO-3']);
    expect(saved.tiles[0]).toEqual({
      id: 'US-CO-1',
      name: 'Camera US-CO-1',
      video: true,
      ...place,
      colSpan: 1,
      rowSpan: 1,
    });
    expect(saved.updatedAt).toBe('2026-11-21T10:00:00.000Z');
    expect(store.open(saved.id)).toEqual(saved);
  });

  it('replaces tiles, layout and spans on a later save of the same wall', () => {
    const store = new WallStore(fresh());
    const first = store.save(input('A', ['C1', 'C2']));
    const next = input('A renamed', ['C2', 'C3', 'C1'], {
      id: first.id,
      layout: 'custom',
      columns: 3,
    });
    next.tiles[0]!.colSpan = 2;
    next.tiles[0]!.rowSpan = 2;
    const saved = store.save(next);
    expect(saved).toMatchObject({ id: first.id, name: 'A renamed', layout: 'custom', columns: 3 });
    expect(saved.tiles.map((t) => [t.id, t.colSpan, t.rowSpan])).toEqual([
      ['C2', 2, 2],
      ['C3', 1, 1],
      ['C1', 1, 1],
    ]);
    expect(store.list()).toHaveLength(1);
  });

  it('opens the last opened wall when asked for none, and lists the most recent first', () => {
    const store = new WallStore(fresh());
    const a = store.save(input('A', ['C1']), new Date('2026-11-21T10:00:00Z'));
    const b = store.save(input('B', ['C2', 'C3']), new Date('2026-11-21T10:01:00Z'));
    expect(store.open(undefined, new Date('2026-11-21T10:01:30Z'))?.id).toBe(b.id);
    store.open(a.id, new Date('2026-11-21T10:02:00Z'));
    expect(store.open(undefined, new Date('2026-11-21T10:03:00Z'))?.id).toBe(a.id);
    expect(store.list().map((w) => [w.name, w.tileCount])).toEqual([
      ['A', 1],
      ['B', 2],
    ]);
  });

  it('removes a wall with its tiles; a vanished wall is refused on save', () => {
    const db = fresh();
    const store = new WallStore(db);
    const a = store.save(input('A', ['C1', 'C2']));
    expect(store.remove(a.id)).toBe(true);
    expect(store.remove(a.id)).toBe(false);
    expect(db.prepare('SELECT count(*) AS n FROM wall_tiles').get()).toEqual({ n: 0 });
    expect(store.open()).toBeNull();
    expect(() => store.save(input('A', ['C1'], { id: a.id }))).toThrow(/no longer exists/);
  });

  it('the channel schema refuses what the tables could not hold', () => {
    expect(wallSaveSchema().safeParse(input('', ['C1'])).success).toBe(false);
    expect(
      wallSaveSchema().safeParse(
        input(
          'x',
          Array.from({ length: 37 }, (_, i) => `C${i}`),
        ),
      ).success,
    ).toBe(false);
    const wide = input('x', ['C1']);
    wide.tiles[0]!.colSpan = 5;
    expect(wallSaveSchema().safeParse(wide).success).toBe(false);
    expect(wallSaveSchema().safeParse({ ...input('x', ['C1']), extra: 1 }).success).toBe(false);
  });
});
