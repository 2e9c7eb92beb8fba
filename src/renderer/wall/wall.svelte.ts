/**
 * The wall on screen: its cameras, layout and name, the saved walls, and the sensor readings of
 * its cameras. A saved wall is written to SQLite (through the main process) shortly after each
 * change, so it is restored after a restart; a wall opened from a link stays unsaved until the
 * user saves it, so following a link never changes a saved wall.
 */
import type { Wall, WallLayout, WallSummary, WallTile } from '../../shared/ipc/wall.ts';
import type { CameraSummary } from '../../shared/ipc/cameras.ts';
import type { SensorReadings } from '../../shared/ipc/observations.ts';
import { MAX_WALL_TILES } from '../../shared/ipc/wall.ts';
import type { Api } from '../../shared/ipc.ts';
import { contextSlot } from '../lib/context.ts';
import { Operation } from '../lib/operation.svelte.ts';
import type { ViewAddress } from '../lib/router.svelte.ts';
import { router } from '../lib/router.svelte.ts';
import { capacity, layoutFor, moveItem, parseWallLink } from './layout.ts';

const SAVE_DELAY_MS = 300;
const SENSORS_EVERY_MS = 120_000;

export class WallState {
  readonly #api: Api;

  constructor(api: Api) {
    this.#api = api;
  }

  /** The saved wall's id; null for a wall from a link (or a new one) not yet saved. */
  id = $state<number | null>(null);
  name = $state('My wall');
  layout = $state<WallLayout>('2x2');
  columns = $state(4);
  tiles = $state<WallTile[]>([]);
  /** True for a wall opened from a link: changes are not saved until the user saves. */
  fromLink = $state(false);
  saved = $state<WallSummary[]>([]);
  sensors = $state<Record<string, SensorReadings>>({});
  /** A message for the user: what happened, or what failed and what to do. */
  notice = $state<{ text: string; error: boolean } | null>(null);
  /** Opening what the route asks for; its failure is also the notice. */
  readonly opening = new Operation();

  get loading(): boolean {
    return this.opening.busy;
  }

  /** Tiles the layout shows; the rest wait for a larger layout. */
  shown = $derived(this.tiles.slice(0, capacity(this.layout)));
  hiddenCount = $derived(Math.max(0, this.tiles.length - capacity(this.layout)));

  #saveTimer: ReturnType<typeof setTimeout> | undefined;
  #saving: Promise<unknown> = Promise.resolve();
  #sensorTimer: ReturnType<typeof setInterval> | undefined;
  #routeKey = '';

  /** Shows what a route asks for: `/wall`, `/wall/<id>`, `/wall?cameras=...`, `/wall?add=ID`. */
  async show(route: ViewAddress): Promise<void> {
    const key = JSON.stringify([route.rest, route.query]);
    if (key === this.#routeKey) return;
    this.#routeKey = key;
    await this.opening.run(() => this.#open(route), 'Could not open the wall');
    if (this.opening.error) this.notice = { text: this.opening.error, error: true };
    void this.refreshSensors();
  }

  async #open(route: ViewAddress): Promise<void> {
    const link = parseWallLink(route.query);
    const add = route.query['add'];
    const id = Number(route.rest[0]);
    if (link) await this.#openLink(link);
    else if (Number.isInteger(id) && id > 0) await this.#openSaved(id);
    else await this.#openSaved(undefined);
    if (add) {
      await this.addById(add);
      // The wall now holds the camera: a reload must not add it again.
      await this.flush();
      this.#leaveRoute();
    }
    await this.refreshList();
  }

  async #openSaved(id: number | undefined): Promise<void> {
    const wall = await this.#api.invoke('walls.open', id === undefined ? {} : { id });
    if (wall) this.#apply(wall);
    else if (id !== undefined) {
      this.notice = { text: `Wall ${id} no longer exists. Showing your last wall.`, error: true };
      await this.#openSaved(undefined);
    } else this.#apply({ id: null, name: 'My wall', layout: '2x2', columns: 4, tiles: [] });
  }

  async #openLink(link: NonNullable<ReturnType<typeof parseWallLink>>): Promise<void> {
    const { cameras, missing } = await this.#api.invoke('cameras.byIds', { ids: link.cameras });
    // A lookup for this call only, never kept or changed: nothing to react to.
    // eslint-disable-next-line svelte/prefer-svelte-reactivity
    const byId = new Map(cameras.map((c) => [c.id, c]));
    const tiles = link.cameras.flatMap((id, i): WallTile[] => {
      const camera = byId.get(id);
      const [colSpan, rowSpan] = link.spans[i] ?? [1, 1];
      return camera ? [{ ...camera, colSpan, rowSpan }] : [];
    });
    this.#apply({
      id: null,
      name: 'Shared wall',
      layout: link.layout,
      columns: link.columns,
      tiles,
    });
    this.fromLink = true;
    if (missing.length > 0) {
      this.notice = {
        text: `The link names cameras the service does not know: ${missing.join(', ')}.`,
        error: true,
      };
    }
  }

  #apply(wall: Pick<Wall, 'name' | 'layout' | 'columns' | 'tiles'> & { id: number | null }) {
    clearTimeout(this.#saveTimer);
    this.id = wall.id;
    this.name = wall.name;
    this.layout = wall.layout;
    this.columns = wall.columns;
    this.tiles = wall.tiles;
    this.fromLink = false;
  }

  async refreshList(): Promise<void> {
    this.saved = await this.#api.invoke('walls.list', {});
  }

  /** Adds a camera at the end; a new wall's layout grows to show it. */
  add(camera: CameraSummary): void {
    if (this.tiles.some((t) => t.id === camera.id)) {
      this.notice = { text: `${camera.name} is already on this wall.`, error: false };
      return;
    }
    if (this.tiles.length >= MAX_WALL_TILES) {
      this.notice = {
        text: `A wall holds at most ${MAX_WALL_TILES} cameras: remove one first, or start a new wall.`,
        error: true,
      };
      return;
    }
    this.tiles = [...this.tiles, { ...camera, colSpan: 1, rowSpan: 1 }];
    if (this.layout !== 'custom' && this.tiles.length > capacity(this.layout)) {
      this.layout = layoutFor(this.tiles.length);
    }
    this.#changed();
    void this.refreshSensors();
  }

  async addById(cameraId: string): Promise<void> {
    const { cameras, missing } = await this.#api.invoke('cameras.byIds', { ids: [cameraId] });
    for (const camera of cameras) this.add(camera);
    if (missing.length > 0) {
      this.notice = { text: `The service has no camera ${missing.join(', ')}.`, error: true };
    }
  }

  /** Replaces the wall's cameras (e.g. "Open all favourites"). */
  replaceCameras(cameras: CameraSummary[], name: string): void {
    const tiles = cameras.slice(0, MAX_WALL_TILES).map((c) => ({ ...c, colSpan: 1, rowSpan: 1 }));
    this.#apply({ id: null, name, layout: layoutFor(tiles.length), columns: 4, tiles });
    this.#changed();
    void this.refreshSensors();
  }

  remove(index: number): void {
    this.tiles = this.tiles.filter((_, i) => i !== index);
    this.#changed();
  }

  move(from: number, to: number): void {
    this.tiles = moveItem(this.tiles, from, to);
    this.#changed();
  }

  setSpan(index: number, colSpan: number, rowSpan: number): void {
    this.tiles = this.tiles.map((t, i) => (i === index ? { ...t, colSpan, rowSpan } : t));
    this.#changed();
  }

  setLayout(layout: WallLayout): void {
    this.layout = layout;
    this.#changed();
  }

  setColumns(columns: number): void {
    this.columns = columns;
    this.#changed();
  }

  rename(name: string): void {
    this.name = name.trim() || 'My wall';
    this.#changed();
  }

  /** Starts a new, empty wall (saved as soon as it has a camera). */
  startNew(): void {
    this.#apply({
      id: null,
      name: `Wall ${this.saved.length + 1}`,
      layout: '2x2',
      columns: 4,
      tiles: [],
    });
    this.#leaveRoute();
  }

  async openSaved(id: number): Promise<void> {
    await this.flush();
    router.go(`/wall/${id}`);
  }

  async removeSaved(id: number): Promise<void> {
    await this.#api.invoke('walls.remove', { id });
    await this.refreshList();
    if (id === this.id) {
      this.#routeKey = '';
      await this.show({ view: 'wall', rest: [], query: {} });
    }
  }

  /** Saves a wall opened from a link as a new saved wall. */
  async saveLinkWall(): Promise<void> {
    this.fromLink = false;
    await this.#save();
    if (this.id !== null) this.#leaveRoute();
  }

  /** Writes a pending change now (before switching walls). */
  async flush(): Promise<void> {
    if (this.#saveTimer !== undefined) {
      clearTimeout(this.#saveTimer);
      this.#saveTimer = undefined;
      await this.#save();
    }
    await this.#saving;
  }

  #changed(): void {
    if (this.fromLink) return;
    clearTimeout(this.#saveTimer);
    this.#saveTimer = setTimeout(() => {
      this.#saveTimer = undefined;
      void this.#save();
    }, SAVE_DELAY_MS);
  }

  /** Saves are chained, so a new wall gets one id however fast the changes come. */
  #save(): Promise<unknown> {
    this.#saving = this.#saving.then(async () => {
      if (this.id === null && this.tiles.length === 0) return;
      try {
        const wall = await this.#api.invoke('walls.save', {
          ...(this.id === null ? {} : { id: this.id }),
          name: this.name,
          layout: this.layout,
          columns: this.columns,
          tiles: $state.snapshot(this.tiles),
        });
        this.id = wall.id;
        await this.refreshList();
      } catch (error) {
        this.notice = { text: `Could not save the wall: ${(error as Error).message}`, error: true };
      }
    });
    return this.#saving;
  }

  /** The route becomes plain `/wall` (the last opened wall) without reopening anything. */
  #leaveRoute(): void {
    const target = this.id === null ? '/wall' : `/wall/${this.id}`;
    this.#routeKey = JSON.stringify([target.split('/').slice(2), {}]);
    router.go(target);
  }

  async refreshSensors(): Promise<void> {
    clearInterval(this.#sensorTimer);
    this.#sensorTimer = setInterval(() => void this.refreshSensors(), SENSORS_EVERY_MS);
    const ids = this.shown.map((t) => t.id);
    if (ids.length === 0) return;
    try {
      const readings = await this.#api.invoke('observations.latest', { ids });
      const next = { ...this.sensors };
      for (const reading of readings) next[reading.cameraId] = reading;
      this.sensors = next;
    } catch {
      // Badges keep their last readings; the tile's own state tells when a camera is offline.
    }
  }

  stopRefreshing(): void {
    clearInterval(this.#sensorTimer);
    this.#routeKey = '';
  }
}

export const wallContext = contextSlot<WallState>('wall');
