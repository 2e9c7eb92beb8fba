/**
 * A wall tour on screen: the cameras of its source, which of them the wall shows now, and the
 * controls (pause, next, previous, dwell, mode). The timing is TourSchedule's (pure, tested with
 * its own clock); this class resolves the source, loads each step's images before it shows
 * (tour-prefetch.ts) and says in words what was skipped or failed. The saved wall never changes:
 * the tour only changes what the grid draws.
 */
import type { Api } from '../../shared/ipc.ts';
import type { CameraSummary } from '../../shared/ipc/cameras.ts';
import type { SensorReadings } from '../../shared/ipc/observations.ts';
import type { WallLayout, WallTile } from '../../shared/ipc/wall.ts';
import { readTourQuery, saySentences, type Tour, type TourMode } from '../../shared/tour.ts';
import { failureWords, notice, type Notice } from '../lib/notice.ts';
import { t, words } from '../lib/words.svelte.ts';
import { capacity, isLayout } from './layout.ts';
import { realClock, TourSchedule, type Prepared, type TourClock } from './tour-schedule.ts';
import { resolveTourSource } from './tour-sources.ts';
import { skipReasonWords, tourSourceWords } from './tour-words.ts';

/**
 * What a step loads before it shows: its cameras' images (tour-prefetch.ts's loadTourStep in the
 * app; the state's tests answer themselves).
 */
export type TourLoader = (ids: string[], signal: AbortSignal) => Promise<Prepared>;

export class TourState {
  readonly #api: Api;
  readonly #clock: TourClock;
  readonly #load: TourLoader;
  #schedule: TourSchedule | null = null;
  /** Bumped by each start and stop: a source resolved late for an older tour is dropped. */
  #run = 0;

  constructor(api: Api, load: TourLoader, clock: TourClock = realClock) {
    this.#api = api;
    this.#clock = clock;
    this.#load = load;
  }

  tour = $state<Tour | null>(null);
  cameras = $state<CameraSummary[]>([]);
  /** The step on screen (a camera in tile mode, a page in page mode); null before the first. */
  position = $state<number | null>(null);
  paused = $state(false);
  /** When the step on screen showed: the progress bar restarts from it. */
  shownAt = $state(0);
  starting = $state(false);
  /** The page layout of page mode (the wall's, or a link's `layout=`). */
  pageLayout = $state<WallLayout>('2x2');
  /** The latest readings of the cameras on screen (the wall reads only its own tiles'). */
  sensors = $state<Record<string, SensorReadings>>({});
  /** Something to say: a link's problems, a skipped camera, everything failing. */
  notice = $state<Notice | null>(null);
  /**
   * The running tour came from a link and is not kept as the last tour: a web page's link must
   * not decide what a plain `--kiosk` start shows. The user keeps it (keep()) or starts one in
   * the Tour form.
   */
  fromLink = $state(false);

  get running(): boolean {
    return this.tour !== null;
  }

  get steps(): number {
    if (!this.tour) return 0;
    return this.tour.mode === 'tile'
      ? this.cameras.length
      : Math.ceil(this.cameras.length / capacity(this.pageLayout));
  }

  /** The cameras of a step: one in tile mode, a layout's worth in page mode. */
  camerasOf(step: number): CameraSummary[] {
    if (this.tour?.mode === 'tile') return this.cameras.slice(step, step + 1);
    const size = capacity(this.pageLayout);
    return this.cameras.slice(step * size, (step + 1) * size);
  }

  /**
   * What the grid draws: in tile mode the wall's tiles with the first one replaced by the
   * toured camera (the whole wall when it is empty); in page mode the page.
   */
  tilesOver(wallTiles: WallTile[]): WallTile[] {
    if (!this.tour || this.position === null) return wallTiles;
    const toured = this.camerasOf(this.position).map((c) => ({ ...c, colSpan: 1, rowSpan: 1 }));
    if (this.tour.mode === 'page' || wallTiles.length === 0) return toured;
    // Another saved wall opened during the tour may hold the toured camera: shown once, toured.
    const others = wallTiles.slice(1).filter((t) => t.id !== toured[0]?.id);
    return [...toured, ...others];
  }

  layoutOver(wallLayout: WallLayout, wallTiles: number): WallLayout {
    if (!this.tour || this.position === null) return wallLayout;
    if (this.tour.mode === 'page') return this.pageLayout;
    return wallTiles === 0 ? '1x1' : wallLayout;
  }

  /**
   * Starts the tour a route's query asks for (`tour=...`, a link's); its problems become the
   * notice. It runs, but is not remembered as the last tour unless the user keeps it.
   */
  async startFromQuery(query: Record<string, string>, wall: WallShape): Promise<void> {
    const read = readTourQuery(query);
    if (!read.ok) {
      this.stop();
      const problems = read.problems;
      this.notice = notice(true, () =>
        t('wall.tour.link.failed', { problems: saySentences(words, problems) }),
      );
      return;
    }
    const layout = query['layout'];
    const pageLayout = isLayout(layout) && layout !== 'custom' ? layout : undefined;
    await this.start(read.tour, wall, pageLayout, { fromLink: true });
  }

  /**
   * Resolves the tour's source and shows its first step; remembered as the last tour when the
   * user started it (the Tour form), not when a link did.
   */
  async start(
    tour: Tour,
    wall: WallShape,
    layout?: WallLayout,
    origin: { fromLink?: boolean } = {},
  ): Promise<void> {
    this.stop();
    const run = this.#run;
    this.starting = true;
    this.notice = null;
    this.pageLayout = layout ?? (wall.layout === 'custom' ? '3x3' : wall.layout);
    try {
      const found = await resolveTourSource(this.#api, tour.source);
      if (run !== this.#run) return;
      // One tile changes: the cameras already on the wall's other tiles are not toured twice.
      // A lookup for this call only, never kept or changed: nothing to react to.
      // eslint-disable-next-line svelte/prefer-svelte-reactivity
      const others = new Set(wall.tiles.slice(1).map((tile) => tile.id));
      const cameras =
        tour.mode === 'tile' ? found.cameras.filter((c) => !others.has(c.id)) : found.cameras;
      if (cameras.length === 0) {
        this.notice = startFailed(tour, () => t('wall.tour.allOnWall'));
        return;
      }
      this.cameras = cameras;
      this.tour = tour;
      const notes = found.notes;
      if (notes.length > 0) this.notice = notice(false, () => saySentences(words, notes));
      this.fromLink = origin.fromLink === true;
      this.#begin();
      if (!this.fromLink) void this.#remember(tour);
    } catch (error) {
      if (run === this.#run) this.notice = startFailed(tour, failureWords(error));
    } finally {
      if (run === this.#run) this.starting = false;
    }
  }

  #begin(): void {
    const tour = this.tour!;
    const schedule = new TourSchedule(this.#clock, this.steps, tour.dwellSeconds * 1000, {
      prepare: (step, signal) =>
        this.#load(
          this.camerasOf(step).map((c) => c.id),
          signal,
        ),
      show: (step) => {
        this.position = step;
        this.shownAt = this.#clock.now();
        if (this.notice?.error) this.notice = null;
        void this.#readSensors(this.camerasOf(step).map((c) => c.id));
      },
      skipped: (step, reason) => {
        const name = this.camerasOf(step)[0]?.name ?? '';
        const said = { mode: tour.mode, name, page: step + 1 };
        this.notice = notice(false, () =>
          t('wall.tour.skipped', { ...said, reason: skipReasonWords(reason) }),
        );
      },
      allFailed: (seconds) =>
        (this.notice = notice(true, () => t('wall.tour.allFailed', { seconds }))),
    });
    this.#schedule = schedule;
    this.position = null;
    this.paused = false;
    schedule.start();
  }

  async #readSensors(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    try {
      const readings = await this.#api.invoke('observations.latest', { ids });
      this.sensors = {
        ...this.sensors,
        ...Object.fromEntries(readings.map((r) => [r.cameraId, r])),
      };
    } catch {
      // Badges are extra: a tile without them still shows its camera and its own state.
    }
  }

  /** "Keep this tour for --kiosk": the user makes a link's tour the last tour. */
  async keep(): Promise<void> {
    if (!this.tour || !this.fromLink) return;
    this.fromLink = false;
    if (await this.#remember(this.tour)) {
      this.notice = notice(false, () => t('wall.tour.kept'));
    }
  }

  async #remember(tour: Tour): Promise<boolean> {
    try {
      await this.#api.invoke('settings.update', { lastTour: tour });
      return true;
    } catch (error) {
      const reason = failureWords(error);
      this.notice = notice(true, () => t('wall.tour.notRemembered', { reason: reason() }));
      return false;
    }
  }

  stop(): void {
    this.#run += 1;
    this.#schedule?.stop();
    this.#schedule = null;
    this.tour = null;
    this.cameras = [];
    this.sensors = {};
    this.position = null;
    this.paused = false;
    this.starting = false;
    this.fromLink = false;
  }

  /** Stops because the user chose a camera by hand, and says so. */
  stopByHand(): void {
    if (!this.running) return;
    this.stop();
    this.notice = notice(false, () => t('wall.tour.stoppedByHand'));
  }

  togglePause(): void {
    if (!this.#schedule) return;
    if (this.paused) this.#schedule.resume();
    else this.#schedule.pause();
    this.paused = this.#schedule.paused;
  }

  next(): void {
    this.#schedule?.next();
    this.paused = false;
  }

  previous(): void {
    this.#schedule?.previous();
    this.paused = false;
  }

  setDwell(seconds: number): void {
    if (!this.tour) return;
    this.tour = { ...this.tour, dwellSeconds: seconds };
    this.#schedule?.setDwell(seconds * 1000);
    if (!this.fromLink) void this.#remember(this.tour);
  }

  /** Another mode starts the tour again from its first step (pages and cameras differ). */
  async setMode(mode: TourMode, wall: WallShape): Promise<void> {
    if (!this.tour || this.tour.mode === mode) return;
    await this.start({ ...this.tour, mode }, wall, this.pageLayout, { fromLink: this.fromLink });
  }

  /** The share of the dwell gone, 0 to 1 (for the progress bar's start when paused). */
  progress(): number {
    return this.#schedule?.progress() ?? 0;
  }
}

/** "Could not start the tour of {source}: {reason}", in the language in force when drawn. */
function startFailed(tour: Tour, reason: () => string): Notice {
  return notice(true, () =>
    t('wall.tour.startFailed', { source: tourSourceWords(tour.source), reason: reason() }),
  );
}

/** What the tour needs of the wall it runs on. */
export interface WallShape {
  layout: WallLayout;
  tiles: WallTile[];
}
