/**
 * The Route view's state: the line being looked at (drawn, typed as two places, imported from
 * a file, opened from a link or from the saved routes), its buffer, the cameras along it in
 * driving order with their readings and the alerts on it (routes.show), and the saved routes.
 */
import type { LonLat } from '../../shared/geo.ts';
import type { Api } from '../../shared/ipc.ts';
import type { RoutePlace, RouteShown, SavedRoute } from '../../shared/ipc/routes.ts';
import { parseRouteFile } from '../../shared/route-file.ts';
import { DEFAULT_BUFFER_KM, parseRouteQuery, routeLink } from '../../shared/route-link.ts';
import { roundDistance, type DistanceUnit } from '../lib/units.ts';
import { contextSlot } from '../lib/context.ts';
import { notice, type Notice } from '../lib/notice.ts';
import { Operation } from '../lib/operation.svelte.ts';
import type { ViewAddress } from '../lib/router.svelte.ts';
import { t, words } from '../lib/words.svelte.ts';

/** Wall layouts by how many cameras ahead they hold. */
const WALL_LAYOUTS: Record<number, string> = { 4: '2x2', 9: '3x3', 16: '4x4' };

export class RouteState {
  /** The line in driving order; empty until a route is made or opened. */
  line = $state<LonLat[]>([]);
  /** The route's name; until one is given, "New route" in the language of the moment. */
  #name = $state<string | null>(null);
  get name(): string {
    return this.#name ?? t('route.state.newRoute');
  }
  set name(name: string) {
    this.#name = name;
  }
  /** The buffer chosen (typed, or the route's own); null: the default, round in the user's unit. */
  #bufferKm = $state<number | null>(null);
  /** The saved route shown, or null for one not saved (drawn, typed, imported, from a link). */
  id = $state<number | null>(null);
  shown = $state<RouteShown | null>(null);
  saved = $state<SavedRoute[]>([]);
  notice = $state<Notice | null>(null);
  /** A typed name several places share: the user picks one before the route is found. */
  choice = $state<{ q: string; choices: RoutePlace[] } | null>(null);
  /** Finding the cameras along the route. */
  readonly showing = new Operation();
  /** Saving, renaming, removing, finding places. */
  readonly op = new Operation();

  readonly #api: Api;
  /** The unit the user reads distances in, as the settings say now. */
  readonly #unit: () => DistanceUnit;
  /** The link last opened: the same link seen again (going back to the view) is not reapplied. */
  #openedLink = '';

  constructor(api: Api, unit: () => DistanceUnit = () => 'km') {
    this.#api = api;
    this.#unit = unit;
  }

  /** Kilometres around the line; the default reads round where it is shown (1 km, 0.5 mi). */
  get bufferKm(): number {
    return this.#bufferKm ?? roundDistance(DEFAULT_BUFFER_KM, this.#unit());
  }

  set bufferKm(km: number) {
    this.#bufferKm = km;
  }

  /** Opens what the view's route names: a route from a link, or the saved routes. */
  async show(route: ViewAddress): Promise<void> {
    await this.loadSaved();
    const key = JSON.stringify(route.query);
    if (Object.keys(route.query).length === 0 || key === this.#openedLink) return;
    this.#openedLink = key;
    const read = parseRouteQuery(route.query, t('route.link.unnamed'));
    if (!read.ok) {
      const refused = read.said;
      this.notice = notice(true, () => words.say(refused));
      return;
    }
    this.#use(read.route.line, read.route.name, null, read.route.bufferKm);
    const opened = read.route.name;
    this.notice = notice(false, () => t('route.state.opened', { name: opened }));
    await this.refresh();
  }

  async loadSaved(): Promise<void> {
    const list = await this.op.run(() => this.#api.invoke('routes.list', {}));
    if (list) this.saved = list;
  }

  /** A line drawn or refined on the map: the same route (name, saved id), a new line. */
  async draw(line: LonLat[]): Promise<void> {
    this.#use(line, this.name, this.id, this.bufferKm);
    this.notice = null;
    await this.refresh();
  }

  /**
   * The route through typed places (start, stops, end): along the roads when Settings name a
   * routing service, else straight. A name several cities share stops here with `choice` set.
   */
  async places(typed: string[]): Promise<void> {
    this.choice = null;
    const found = await this.op.run(
      () => Promise.all(typed.map((q) => this.#api.invoke('routes.place', { q }))),
      () => t('route.state.failPlaces'),
    );
    if (!found) return;
    const unclear = found.find((f) => f.place === null);
    if (unclear) {
      this.choice = { q: unclear.q, choices: unclear.choices };
      return;
    }
    const places = found.map((f) => f.place!);
    const road = await this.op.run(
      () =>
        this.#api.invoke('routes.road', {
          points: places.map((p) => [p.lon, p.lat] as [number, number]),
          bufferKm: this.bufferKm,
        }),
      () => t('route.state.failRoad'),
    );
    if (!road) return;
    const [from, to] = [places[0]!.name, places.at(-1)!.name];
    this.#use(
      road.line,
      t('route.state.fromTo', { from: typed[0]!, to: typed.at(-1)! }),
      null,
      this.bufferKm,
    );
    const service = road.routedBy;
    this.notice = notice(false, () =>
      service
        ? t('route.state.byRoads', { from, to, service: t('route.state.service', service) })
        : t('route.state.straight', { from, to }),
    );
    await this.refresh();
  }

  /** A GPX or GeoJSON file's line; a file that is no route is said in words. */
  async importFile(fileName: string, text: string, bytes: number): Promise<void> {
    const read = parseRouteFile(fileName, text, bytes);
    if (!read.ok) {
      const refused = read.said;
      this.notice = notice(true, () => words.say(refused));
      return;
    }
    const name = read.name ?? fileName.replace(/\.(gpx|geojson|json)$/i, '');
    this.#use(read.line, name, null, this.bufferKm);
    const [from, count] = [read.thinnedFrom, read.line.length];
    this.notice = notice(false, () =>
      from === null
        ? t('route.state.imported', { name, count })
        : t('route.state.thinned', { name, from, count }),
    );
    await this.refresh();
  }

  async setBuffer(km: number): Promise<void> {
    if (km === this.bufferKm) return;
    this.bufferKm = km;
    await this.refresh();
  }

  /** Asks for the cameras along the current line; a newer ask overtakes an older one. */
  async refresh(): Promise<void> {
    if (this.line.length < 2) return;
    const input = { line: this.line.map(([lon, lat]) => [lon, lat] as [number, number]) };
    const shown = await this.showing.latest(
      () => this.#api.invoke('routes.show', { ...input, bufferKm: this.bufferKm, name: this.name }),
      () => t('route.state.failShow'),
    );
    if (shown) this.shown = shown;
  }

  /** Saves the route shown under `name` (the saved one it is, or a new one). */
  async save(name: string): Promise<void> {
    const line = this.line.map(([lon, lat]) => [lon, lat] as [number, number]);
    const saved = await this.op.run(
      () =>
        this.#api.invoke('routes.save', {
          ...(this.id === null ? {} : { id: this.id }),
          name,
          line,
          bufferKm: this.bufferKm,
        }),
      () => t('route.state.failSave'),
    );
    if (!saved) return;
    this.id = saved.id;
    this.name = saved.name;
    this.notice = notice(false, () => t('route.state.saved', { name: saved.name }));
    await this.loadSaved();
  }

  async open(route: SavedRoute): Promise<void> {
    this.#use(route.line, route.name, route.id, route.bufferKm);
    this.notice = null;
    await this.refresh();
  }

  async rename(route: SavedRoute, name: string): Promise<void> {
    const saved = await this.op.run(
      () =>
        this.#api.invoke('routes.save', {
          id: route.id,
          name,
          line: route.line.map(([lon, lat]) => [lon, lat] as [number, number]),
          bufferKm: route.bufferKm,
        }),
      () => t('route.state.failRename'),
    );
    if (!saved) return;
    if (this.id === saved.id) this.name = saved.name;
    await this.loadSaved();
  }

  async remove(route: SavedRoute): Promise<void> {
    const done = await this.op.run(
      () => this.#api.invoke('routes.remove', { id: route.id }),
      () => t('route.state.failRemove'),
    );
    if (!done) return;
    if (this.id === route.id) this.id = null;
    this.notice = notice(false, () => t('route.state.removed', { name: route.name }));
    await this.loadSaved();
  }

  /**
   * Watches the road conditions along the route (its line and buffer): Alerts > Road conditions
   * lists the watch, and a change of the roads along it becomes a notification.
   */
  async watchConditions(): Promise<void> {
    if (this.line.length < 2) return;
    const route = this.line.map(([lon, lat]) => [lon, lat] as [number, number]);
    const watches = await this.op.run(
      () =>
        this.#api.invoke('conditions.watches.add', {
          name: this.name,
          target: { area: { route, radiusKm: this.bufferKm } },
        }),
      () => t('route.state.failWatch'),
    );
    if (!watches) return;
    const name = this.name;
    this.notice = notice(false, () => t('route.state.watching', { name }));
  }

  /** The link that opens this route in another user's Roadcam. */
  get link(): string | null {
    if (this.line.length < 2) return null;
    return routeLink({ name: this.name, line: this.line, bufferKm: this.bufferKm });
  }

  /** The wall of the next `count` cameras ahead from camera `from` (driving order). */
  wallRoute(count: 4 | 9 | 16, from = 0): string | null {
    const ahead = (this.shown?.cameras ?? []).slice(from, from + count).map((c) => c.id);
    if (ahead.length === 0) return null;
    const layout =
      WALL_LAYOUTS[
        Object.keys(WALL_LAYOUTS)
          .map(Number)
          .find((n) => n >= ahead.length)!
      ];
    return `/wall?cameras=${ahead.map(encodeURIComponent).join(',')}&layout=${layout}`;
  }

  #use(line: LonLat[], name: string, id: number | null, bufferKm: number): void {
    this.line = line;
    this.name = name;
    this.id = id;
    this.bufferKm = bufferKm;
    this.shown = null;
    this.showing.cancel();
  }
}

export const routeContext = contextSlot<RouteState>('route');
