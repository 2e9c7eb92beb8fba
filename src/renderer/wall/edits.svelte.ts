/**
 * A wall's cameras, layout and name as the person edits them, and how full it is. Adding to a
 * full wall changes nothing until the person chooses: a larger layout, or a camera replaced.
 * WallState (wall.svelte.ts) opens and saves what this holds.
 */
import type { CameraSummary } from '../../shared/ipc/cameras.ts';
import type { Wall, WallLayout, WallTile } from '../../shared/ipc/wall.ts';
import { capacity, moveItem } from './layout.ts';
import { fullResult, wallRoom, type WallAddResult } from './room.ts';
import { notice, type Notice } from '../lib/notice.ts';
import { t } from '../lib/words.svelte.ts';

/** A wall as shown: its name its own, or words for a default one (they follow the language). */
export type WallShown = Pick<Wall, 'layout' | 'columns' | 'tiles'> & {
  id: number | null;
  name: string | (() => string);
};

export const DEFAULT_WALL_NAME = () => t('wall.defaultName');

export abstract class WallEdits {
  /** The name given (by the person, or read from a saved wall); null while it is the default. */
  #given = $state<string | null>(null);
  /** The default name, said in the language of the moment until the wall is saved or named. */
  #byDefault = $state<() => string>(DEFAULT_WALL_NAME);

  get name(): string {
    return this.#given ?? this.#byDefault();
  }

  set name(name: string) {
    this.#given = name;
  }

  /** The default name becomes the wall's own, as it reads now (the wall was saved with it). */
  protected keepName(): void {
    this.#given ??= this.#byDefault();
  }

  /** The wall's own name, or words for a default name (read each time: they follow the language). */
  protected nameAs(name: string | (() => string)): void {
    if (typeof name === 'string') {
      this.#given = name;
    } else {
      this.#given = null;
      this.#byDefault = name;
    }
  }

  layout = $state<WallLayout>('2x2');
  columns = $state(4);
  tiles = $state<WallTile[]>([]);
  /** A message for the user: what happened, or what failed and what to do. */
  notice = $state<Notice | null>(null);
  /** A camera that found the wall full, waiting for the person's choice (grow or replace). */
  pending = $state<{ camera: CameraSummary; replacing: boolean } | null>(null);
  /** How full the wall is, and the layout that would show one camera more. */
  room = $derived(wallRoom(this.layout, this.tiles.length));
  /** Tiles the layout shows; the rest wait for a larger layout. */
  shown = $derived(this.tiles.slice(0, capacity(this.layout)));
  hiddenCount = $derived(Math.max(0, this.tiles.length - capacity(this.layout)));

  /** Called after every change: the saved wall is written shortly after. */
  protected abstract changed(): void;
  /** Called when cameras came: their sensor readings are wanted (while the wall is shown). */
  protected abstract camerasAdded(): void;

  /**
   * Adds a camera in the wall's next empty place. A full wall does not change: the camera waits
   * in `pending` for the person's choice (`grow`, `replace`), and the answer says so.
   */
  add(camera: CameraSummary): WallAddResult {
    if (this.tiles.some((t) => t.id === camera.id)) {
      const said = { name: camera.name, wall: this.name };
      const already = notice(false, () => t('wall.add.already', said));
      this.notice = already;
      return { outcome: 'already-there', notice: already };
    }
    if (this.room.full) {
      this.pending = { camera, replacing: false };
      return fullResult(this.name, this.room, camera.name);
    }
    this.#place(camera);
    const said = { name: camera.name, wall: this.name };
    return { outcome: 'added', notice: notice(false, () => t('wall.add.added', said)) };
  }

  #place(camera: CameraSummary): void {
    this.tiles = [...this.tiles, { ...camera, colSpan: 1, rowSpan: 1 }];
    this.changed();
    this.camerasAdded();
  }

  /** The pending camera goes on the wall, which takes the larger layout the choice named. */
  grow(): void {
    const camera = this.pending?.camera;
    this.pending = null;
    if (!camera || this.tiles.some((t) => t.id === camera.id)) return;
    if (this.room.full && this.room.larger) this.layout = this.room.larger;
    if (!this.room.full) this.#place(camera);
  }

  /** The pending camera takes the place (and size) of the tile at `index`. */
  replace(index: number): void {
    const camera = this.pending?.camera;
    const old = this.tiles[index];
    this.pending = null;
    if (!camera || !old) return;
    this.tiles = this.tiles.map((t, i) => (i === index ? { ...t, ...camera } : t));
    const said = { old: old.name, name: camera.name };
    this.notice = notice(false, () => t('wall.replaced', said));
    this.changed();
    this.camerasAdded();
  }

  remove(index: number): void {
    this.tiles = this.tiles.filter((_, i) => i !== index);
    this.changed();
  }

  move(from: number, to: number): void {
    this.tiles = moveItem(this.tiles, from, to);
    this.changed();
  }

  setSpan(index: number, colSpan: number, rowSpan: number): void {
    this.tiles = this.tiles.map((t, i) => (i === index ? { ...t, colSpan, rowSpan } : t));
    this.changed();
  }

  setLayout(layout: WallLayout): void {
    this.layout = layout;
    this.changed();
  }

  setColumns(columns: number): void {
    this.columns = columns;
    this.changed();
  }
}
