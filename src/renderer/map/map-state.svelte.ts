/**
 * What the Map view shows besides the search: the selected and hovered things, the colouring
 * sensor, the alerts, and the replay. Picks from overlapping layers in one click are arbitrated:
 * a camera beats an observation beats an alert.
 */
import { Operation } from '../lib/operation.svelte.ts';
import type { Alert } from '../../shared/api/index.ts';
import type { Bbox, LonLat } from '../../shared/geo.ts';
import type { SensorType } from '../../shared/sensors.ts';
import { contextSlot } from '../lib/context.ts';

export type Selection =
  | { kind: 'camera'; id: string }
  | { kind: 'observation'; id: string }
  | { kind: 'alert'; id: string };

/** A place the map is asked to show: a point up close, or an area fitted with a margin. */
export type MapPlace = { kind: 'point'; at: LonLat } | { kind: 'area'; bbox: Bbox };

const PRIORITY: Record<Selection['kind'], number> = { camera: 3, observation: 2, alert: 1 };

export class MapState {
  selection = $state<Selection | null>(null);
  /** Id of the result under the pointer, in the list or on the map. */
  hoverId = $state<string | null>(null);
  sensor = $state<SensorType>('road_weather');
  /** Every active alert (the list and the map draw them) and how loading them went. */
  alerts = $state.raw<Alert[]>([]);
  readonly alertsOp = new Operation();
  sidebar = $state<'search' | 'alerts'>('search');
  /** How many cameras are drawn on the map now (also a test hook through a data attribute). */
  camerasDrawn = $state(0);
  /** Whether every camera tile in view has answered (else the count may still grow). */
  camerasComplete = $state(false);
  replayOpen = $state(false);
  /**
   * Where the map is asked to go next; taken (set back to null) by the map once it has gone
   * there, so a view that asks before the map exists is served when the map is made.
   */
  placeWanted = $state.raw<MapPlace | null>(null);
  /** What the map showed when last moved, [west, south, east, north] (Downloads' area filter). */
  viewBbox = $state.raw<Bbox | null>(null);
  #pending: Selection | null = null;

  /** Picks of one click arrive from several layers in the same task; the best one wins. */
  pick(selection: Selection): void {
    if (this.#pending && PRIORITY[this.#pending.kind] >= PRIORITY[selection.kind]) return;
    const first = this.#pending === null;
    this.#pending = selection;
    if (first) {
      setTimeout(() => {
        this.selection = this.#pending;
        this.#pending = null;
      }, 0);
    }
  }

  /** Selects; with a place, the map also goes there (a pick on the map itself gives none). */
  select(selection: Selection | null, place?: MapPlace | null): void {
    this.selection = selection;
    if (place) this.show(place);
  }

  show(place: MapPlace): void {
    // A new object each time: asking for the same place again moves the map back to it.
    this.placeWanted = { ...place };
  }
}

/** One per page (app-states.ts): the selection and the sidebar survive leaving the map. */
export const mapStateContext = contextSlot<MapState>('map state');
