import type { Db } from '../db/database.ts';
import type {
  Wall,
  WallLayout,
  WallSaveInput,
  WallSummary,
  WallTile,
} from '../../shared/ipc/wall.ts';
import type { CameraSummary } from '../../shared/ipc/cameras.ts';

interface WallRow {
  id: number;
  name: string;
  layout: WallLayout;
  columns: number;
  updated_at: string;
}

interface TileRow {
  camera_id: string;
  camera: string;
  col_span: number;
  row_span: number;
}

/** Saved walls (tables of migration 0200). Only the main process writes them. */
export class WallStore {
  #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  list(): WallSummary[] {
    const rows = this.#db
      .prepare(
        `SELECT w.id, w.name, w.layout, w.updated_at,
                (SELECT count(*) FROM wall_tiles t WHERE t.wall_id = w.id) AS tiles
           FROM walls w ORDER BY w.opened_at DESC, w.id DESC`,
      )
      .all() as (WallRow & { tiles: number })[];
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      layout: r.layout,
      tileCount: r.tiles,
      updatedAt: r.updated_at,
    }));
  }

  /** The wall, marked as the last opened; without id the last opened wall. Null when none. */
  open(id?: number, now = new Date()): Wall | null {
    const row = (
      id === undefined
        ? this.#db.prepare('SELECT * FROM walls ORDER BY opened_at DESC, id DESC LIMIT 1').get()
        : this.#db.prepare('SELECT * FROM walls WHERE id = ?').get(id)
    ) as WallRow | undefined;
    if (!row) return null;
    this.#db.prepare('UPDATE walls SET opened_at = ? WHERE id = ?').run(now.toISOString(), row.id);
    return this.#read(row);
  }

  /** Inserts or replaces a wall with its tiles, in one transaction. */
  save(input: WallSaveInput, now = new Date()): Wall {
    const stamp = now.toISOString();
    const id = this.#db.transaction(() => {
      let wallId = input.id;
      if (wallId === undefined) {
        const info = this.#db
          .prepare(
            'INSERT INTO walls (name, layout, columns, updated_at, opened_at) VALUES (?, ?, ?, ?, ?)',
          )
          .run(input.name, input.layout, input.columns, stamp, stamp);
        wallId = Number(info.lastInsertRowid);
      } else {
        const info = this.#db
          .prepare(
            'UPDATE walls SET name = ?, layout = ?, columns = ?, updated_at = ?, opened_at = ? WHERE id = ?',
          )
          .run(input.name, input.layout, input.columns, stamp, stamp, wallId);
        if (info.changes === 0) {
          throw new Error(
            'This wall no longer exists (deleted in another window?): choose New wall… to start again.',
          );
        }
        this.#db.prepare('DELETE FROM wall_tiles WHERE wall_id = ?').run(wallId);
      }
      const insert = this.#db.prepare(
        'INSERT INTO wall_tiles (wall_id, position, camera_id, camera, col_span, row_span) VALUES (?, ?, ?, ?, ?, ?)',
      );
      input.tiles.forEach((tile, position) => {
        const { id: cameraId, colSpan, rowSpan, ...camera } = tile;
        insert.run(wallId, position, cameraId, JSON.stringify(camera), colSpan, rowSpan);
      });
      return wallId;
    })();
    const row = this.#db.prepare('SELECT * FROM walls WHERE id = ?').get(id) as WallRow;
    return this.#read(row);
  }

  remove(id: number): boolean {
    return this.#db.prepare('DELETE FROM walls WHERE id = ?').run(id).changes > 0;
  }

  #read(row: WallRow): Wall {
    const tiles = this.#db
      .prepare(
        'SELECT camera_id, camera, col_span, row_span FROM wall_tiles WHERE wall_id = ? ORDER BY position',
      )
      .all(row.id) as TileRow[];
    return {
      id: row.id,
      name: row.name,
      layout: row.layout,
      columns: row.columns,
      updatedAt: row.updated_at,
      tiles: tiles.map((t) => tileOf(t)),
    };
  }
}

function tileOf(row: TileRow): WallTile {
  const camera = JSON.parse(row.camera) as Omit<CameraSummary, 'id'>;
  return { ...camera, id: row.camera_id, colSpan: row.col_span, rowSpan: row.row_span };
}
