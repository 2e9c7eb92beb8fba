/**
 * The wall on screen: its cameras, layout and name, the saved walls, and the sensor readings of
 * its cameras. A saved wall is written to SQLite (through the main process) shortly after each
 * change, so it is restored after a restart; a wall opened from a link stays unsaved until the
 * user saves it, so following a link never changes a saved wall.
 */
import type { WallSummary } from '../../shared/ipc/wall.ts';
import type { CameraSummary } from '../../shared/ipc/cameras.ts';
import type { SensorReadings } from '../../shared/ipc/observations.ts';
import { WallSensors } from './sensors.svelte.ts';
import { MAX_WALL_TILES } from '../../shared/ipc/wall.ts';
import type { Api } from '../../shared/ipc.ts';
import { contextSlot } from '../lib/context.ts';
import { failureWords, notice } from '../lib/notice.ts';
import { Operation } from '../lib/operation.svelte.ts';
import { t } from '../lib/words.svelte.ts';
import type { ViewAddress } from '../lib/router.svelte.ts';
import { router } from '../lib/router.svelte.ts';
import { layoutFor, linkTiles, parseWallLink } from './layout.ts';
import type { WallAddResult } from './room.ts';
import { DEFAULT_WALL_NAME, WallEdits, type WallShown } from './edits.svelte.ts';
import { WallSaver } from './saver.ts';

/** What the name field says after a rename: its words made when drawn. */
export interface NameAnswer {
  outcome: 'saved' | 'refused' | 'unsaved';
  say: () => string;
}

export class WallState extends WallEdits {
  readonly #api: Api;
  readonly #sensors: WallSensors;

  constructor(api: Api) {
    super();
    this.#api = api;
    this.#sensors = new WallSensors(api, () => this.shown.map((t) => t.id));
  }

  /** The saved wall's id; null for a wall from a link (or a new one) not yet saved. */
  id = $state<number | null>(null);
  /** True for a wall opened from a link: changes are not saved until the user saves. */
  fromLink = $state(false);
  saved = $state<WallSummary[]>([]);
  get sensors(): Record<string, SensorReadings> {
    return this.#sensors.readings;
  }
  /** Opening what the route asks for; its failure is also the notice. */
  readonly opening = new Operation();

  get loading(): boolean {
    return this.opening.busy;
  }

  /** A wall was opened or made: adds go to it rather than to a wall not yet read. */
  #ready = false;
  /** The person named this wall: saved even before it has a camera. */
  #named = false;
  readonly #saver = new WallSaver(
    () => this.#write(),
    (failure) => this.#saveFailed(failure),
  );
  #routeKey = '';
  /** The Wall view shows this wall (between `show` and `stopRefreshing`). */
  #onScreen = false;

  /** Shows what a route asks for: `/wall`, `/wall/<id>`, `/wall?cameras=...`, `/wall?add=ID`. */
  async show(route: ViewAddress): Promise<void> {
    this.#onScreen = true;
    const key = JSON.stringify([route.rest, route.query]);
    if (key === this.#routeKey) return;
    this.#routeKey = key;
    await this.opening.run(() => this.#openSaying(route), t('wall.openFailed'));
    void this.refreshSensors();
  }

  /** Opens what a route asks for; a failure is the wall's notice, in words made when drawn. */
  async #openSaying(route: ViewAddress): Promise<void> {
    try {
      await this.#open(route);
    } catch (error) {
      const reason = failureWords(error);
      const failure = () => t('wall.openFailed');
      this.notice = notice(true, () =>
        t('common.failure', { failure: failure(), reason: reason() }),
      );
      throw error;
    }
  }

  async #open(route: ViewAddress): Promise<void> {
    // A change not yet written would be lost under the wall read back.
    await this.flush();
    const link = parseWallLink(route.query);
    const add = route.query['add'];
    const id = Number(route.rest[0]);
    if (link) await this.#openLink(link);
    else if (Number.isInteger(id) && id > 0) await this.#openSaved(id);
    else await this.#openSaved(undefined);
    if (add) {
      const result = await this.addById(add);
      if (result.outcome !== 'wall-full') {
        this.notice = notice(result.outcome !== 'added', () => result.notice.text);
      }
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
      this.notice = notice(true, () => t('wall.gone', { id: String(id) }));
      await this.#openSaved(undefined);
    } else {
      this.#apply({ id: null, name: DEFAULT_WALL_NAME, layout: '2x2', columns: 4, tiles: [] });
    }
  }

  async #openLink(link: NonNullable<ReturnType<typeof parseWallLink>>): Promise<void> {
    const { cameras, missing } = await this.#api.invoke('cameras.byIds', { ids: link.cameras });
    const tiles = linkTiles(link, cameras);
    this.#apply({
      id: null,
      name: () => t('wall.sharedName'),
      layout: link.layout,
      columns: link.columns,
      tiles,
    });
    this.fromLink = true;
    if (missing.length > 0) {
      const ids = missing.join(', ');
      this.notice = notice(true, () => t('wall.linkMissing', { ids }));
    }
  }

  /** Shows `wall`; a name given as words is a default, said in the language of the moment. */
  #apply(wall: WallShown) {
    this.#saver.cancel();
    this.#ready = true;
    this.#named = false;
    this.id = wall.id;
    this.nameAs(wall.name);
    this.layout = wall.layout;
    this.columns = wall.columns;
    this.tiles = wall.tiles;
    this.fromLink = false;
  }

  async refreshList(): Promise<void> {
    this.saved = await this.#api.invoke('walls.list', {});
  }

  /**
   * The one way a camera reaches the wall from elsewhere (the Map panel, `#/wall?add=ID`): the
   * last opened wall is read first when none is on screen yet, and an add is saved at once.
   */
  async addById(cameraId: string): Promise<WallAddResult> {
    try {
      if (!this.#ready) await this.#openSaved(undefined);
      const { cameras } = await this.#api.invoke('cameras.byIds', { ids: [cameraId] });
      const camera = cameras[0];
      if (!camera) {
        const said = notice(true, () => t('wall.add.notFound', { id: cameraId }));
        return { outcome: 'not-found', notice: said };
      }
      const result = this.add(camera);
      if (result.outcome === 'added') await this.flush();
      return result;
    } catch (error) {
      const reason = failureWords(error);
      const said = notice(true, () => t('wall.add.failed', { reason: reason() }));
      return { outcome: 'failed', notice: said };
    }
  }

  /** Replaces the wall's cameras (e.g. "Open all favourites"). */
  replaceCameras(cameras: CameraSummary[], name: string): void {
    const tiles = cameras.slice(0, MAX_WALL_TILES).map((c) => ({ ...c, colSpan: 1, rowSpan: 1 }));
    this.#apply({ id: null, name, layout: layoutFor(tiles.length), columns: 4, tiles });
    this.changed();
    this.camerasAdded();
  }

  /**
   * Renames the wall and saves it at once: the answer is what the name field says, "Saved" only
   * once the engine has written it (a new wall without cameras is saved too: it was named).
   */
  async rename(name: string): Promise<NameAnswer> {
    const trimmed = name.trim();
    if (trimmed === '') return { outcome: 'refused', say: () => t('wall.name.empty') };
    this.name = trimmed;
    this.#named = true;
    if (this.fromLink) return { outcome: 'unsaved', say: () => t('wall.name.fromLink') };
    const failure = await this.#saver.now();
    if (failure === null) return { outcome: 'saved', say: () => t('wall.name.saved') };
    return { outcome: 'refused', say: () => t('wall.name.failed', { reason: failure() }) };
  }

  /** Starts a new, empty wall (saved as soon as it has a camera). */
  startNew(): void {
    const number = this.saved.length + 1;
    this.#apply({
      id: null,
      name: () => t('wall.numberedName', { number }),
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
    const failure = await this.#saver.now();
    if (failure !== null) this.#saveFailed(failure);
    if (this.id !== null) this.#leaveRoute();
  }

  /** Writes a pending change now (before switching walls). */
  flush(): Promise<void> {
    return this.#saver.flush();
  }

  protected override changed(): void {
    if (!this.fromLink) this.#saver.schedule();
  }

  #saveFailed(failure: () => string): void {
    this.notice = notice(true, () => t('wall.saveFailed', { reason: failure() }));
  }

  /** One write of the wall; null once written, else the failure's words. */
  async #write(): Promise<(() => string) | null> {
    // An untouched new wall is not worth a saved wall; one the person named is.
    if (this.id === null && this.tiles.length === 0 && !this.#named) return null;
    try {
      const wall = await this.#api.invoke('walls.save', {
        ...(this.id === null ? {} : { id: this.id }),
        name: this.name,
        layout: this.layout,
        columns: this.columns,
        tiles: $state.snapshot(this.tiles),
      });
      this.id = wall.id;
      // Saved, its name is the wall's own: a later change of language leaves it as it is.
      this.keepName();
      await this.refreshList();
      return null;
    } catch (error) {
      return failureWords(error);
    }
  }

  /** The route becomes plain `/wall` (the last opened wall) without reopening anything. */
  #leaveRoute(): void {
    const target = this.id === null ? '/wall' : `/wall/${this.id}`;
    this.#routeKey = JSON.stringify([target.split('/').slice(2), {}]);
    router.go(target);
  }

  protected override camerasAdded(): void {
    // An add from another view (the Map panel) starts no reading for a wall nobody sees.
    if (this.#onScreen) void this.refreshSensors();
  }

  refreshSensors(): Promise<void> {
    return this.#sensors.refresh();
  }

  /** The Wall view leaves: no more readings until it shows a wall again. */
  stopRefreshing(): void {
    this.#onScreen = false;
    this.#sensors.stop();
    this.#routeKey = '';
  }
}

export const wallContext = contextSlot<WallState>('wall');
