/**
 * The Map view's layers on one Leaflet map: what each layer-control entry holds, the panes that
 * order them, and the search overlays. Built when the map is ready, disposed with it.
 */
import L from 'leaflet';
import type { Alert, Recording } from '../../../shared/api/index.ts';
import type { SensorType } from '../../../shared/sensors.ts';
import type { Spatial } from '../search/params.ts';
import type { ResultFeature } from '../search/search.svelte.ts';
import type { Api } from '../../../shared/ipc.ts';
import type { TileFeature } from '../tiles/mvt.ts';
import { t } from '../../lib/words.svelte.ts';
import {
  drawAlerts,
  drawRecordings,
  drawResults,
  drawSpatial,
  highlight,
  type ResultMarkers,
} from './overlays.ts';
import {
  cameraAt,
  observationAt,
  type PickedPoint,
  type PickSearch,
} from '../tiles/pick-resolve.ts';
import { PointTileLayer } from './point-tiles.ts';
import { ReplayLayer } from './replay.ts';

export const LAYER_NAMES = ['Cameras', 'Observations', 'Alerts', 'Recordings'] as const;
/** From this zoom on, cameras are markers with a video badge. */
export const MARKER_ZOOM = 12;

export interface LayerHandlers {
  onCamera: (id: string) => void;
  onObservation: (id: string) => void;
  onAlert: (id: string) => void;
  onHover: (id: string | null) => void;
  onResult: (feature: ResultFeature) => void;
  onCameraCount: (n: number, complete: boolean) => void;
}

/** Clicks on tile points that name nothing find it through the map's own search channels. */
export function channelSearch(api: Api): PickSearch {
  return {
    cameras: (params) => api.invoke('cameras.search', params),
    observations: (params) => api.invoke('observations.search', params),
  };
}

export function cameraMarker(feature: TileFeature, at: L.LatLng): L.Marker {
  const video = feature.video;
  const icon = L.divIcon({
    className: 'camera-pin',
    html: `<span class="dot${video ? ' video' : ''}"></span>${video ? '<span class="badge">▶</span>' : ''}`,
    iconSize: [18, 18],
    iconAnchor: [9, 9],
  });
  const title = t('map.marker.camera', {
    id: feature.id ?? feature.cameraId ?? t('map.marker.here'),
    video: String(video ?? false),
    description: feature.description ?? '',
  });
  return L.marker(at, { icon, title, riseOnHover: true });
}

export class MapLayers {
  readonly overlays: Record<(typeof LAYER_NAMES)[number], L.LayerGroup> = {
    Cameras: L.layerGroup(),
    Observations: L.layerGroup(),
    Alerts: L.layerGroup(),
    Recordings: L.layerGroup(),
  };
  #results = L.layerGroup();
  #spatial = L.layerGroup();
  #replay: ReplayLayer | null = null;
  #observations: PointTileLayer;
  #markers: ResultMarkers = { byId: new Map() };
  #handlers: LayerHandlers;
  #sensor: SensorType = 'road_weather';
  /** The recordings drawn and their zone: regrouped at each zoom (pins that overlap merge). */
  #recordings: { list: readonly Recording[]; zone: string } = { list: [], zone: 'UTC' };
  map: L.Map | null = null;

  constructor(handlers: LayerHandlers, search: PickSearch) {
    this.#handlers = handlers;
    const pickers = tilePickers(handlers, search);
    this.overlays.Cameras.addLayer(
      new PointTileLayer({
        kind: 'cameras',
        colouring: { by: 'video' },
        markerZoom: MARKER_ZOOM,
        marker: cameraMarker,
        onPick: pickers.camera,
        onCount: handlers.onCameraCount,
        pane: 'points',
      }),
    );
    this.#observations = new PointTileLayer({
      kind: 'observations',
      colouring: { by: 'sensor', sensor: 'road_weather' },
      markerZoom: 99,
      grow: 2.6,
      onPick: pickers.observation,
      pane: 'obs',
    });
    this.overlays.Observations.addLayer(this.#observations);
  }

  /** Called by the map wrapper once the map exists (panes first: layers are placed in them). */
  attach(map: L.Map): void {
    this.map = map;
    this.#results.addTo(map);
    this.#spatial.addTo(map);
    map.on('zoomend', () => this.#drawRecordings());
    this.#drawRecordings();
  }

  static makePanes(map: L.Map): void {
    // Observations under cameras, both above alert polygons (400) and below markers (600).
    map.createPane('obs').style.zIndex = '440';
    map.createPane('points').style.zIndex = '450';
    // The replay's dots above the points, taking no clicks: the replay's alert polygons under
    // them (overlay pane) stay clickable.
    const replay = map.createPane('replay');
    replay.style.zIndex = '455';
    replay.style.pointerEvents = 'none';
    map.createPane('results').style.zIndex = '640';
    // Recording pins above the results' canvas, which would otherwise take their clicks.
    map.createPane('recordings').style.zIndex = '650';
  }

  setSensor(sensor: SensorType): void {
    this.#sensor = sensor;
    this.#observations.repaint({ by: 'sensor', sensor });
  }

  setAlerts(alerts: readonly Alert[]): void {
    drawAlerts(this.overlays.Alerts, alerts, this.#handlers.onAlert);
  }

  /** `zone`: the IANA zone the pins' start times are given in (the user's, or UTC). */
  setRecordings(recordings: readonly Recording[], zone: string): void {
    this.#recordings = { list: recordings, zone };
    this.#drawRecordings();
  }

  #drawRecordings(): void {
    const map = this.map;
    const project = map ? (lat: number, lon: number) => map.project([lat, lon]) : undefined;
    drawRecordings(this.overlays.Recordings, this.#recordings.list, this.#recordings.zone, project);
  }

  setResults(results: readonly ResultFeature[]): void {
    this.#markers = drawResults(this.#results, results, this.#sensor, {
      onHover: this.#handlers.onHover,
      onPick: this.#handlers.onResult,
    });
  }

  setSpatial(spatial: Spatial): void {
    drawSpatial(this.#spatial, spatial);
  }

  highlight(id: string | null, on: boolean): void {
    highlight(this.#markers, id, on);
  }

  replay(): ReplayLayer {
    if (!this.#replay) this.#replay = new ReplayLayer(openAlertDetail);
    if (this.map && !this.map.hasLayer(this.#replay)) this.#replay.addTo(this.map);
    return this.#replay;
  }

  stopReplay(): void {
    this.#replay?.remove();
    this.#replay = null;
  }
}

/**
 * A replay alert opens in the Alerts view, which fetches it by id: one of a past mark has
 * often expired, and the map's alert panel knows only the current ones.
 */
function openAlertDetail(id: string): void {
  location.hash = `#/alerts/${encodeURIComponent(id)}`;
}

/**
 * What a click on a camera or observation point does. A point the tile names opens in the
 * click's own task, so that the click's picks from several layers are arbitrated as usual
 * (mapState.pick). One found by a search opens when it is found, after that: an observation
 * found so never replaces a camera the same click hit (a camera beats an observation).
 */
function tilePickers(handlers: LayerHandlers, search: PickSearch) {
  const cameraClicks = new WeakSet<object>();
  const camera = (point: PickedPoint) => {
    cameraClicks.add(point.click);
    if (point.id !== null) handlers.onCamera(point.id);
    else void opened('camera', cameraAt(point, search), handlers.onCamera);
  };
  const observation = (point: PickedPoint) => {
    if (point.id !== null) return handlers.onObservation(point.id);
    const find = async () => {
      // After the click's other layers have had their say (same task): none of them hit a
      // camera, or nothing needs finding.
      await Promise.resolve();
      return cameraClicks.has(point.click) ? undefined : observationAt(point, search);
    };
    const open = (id: string) => {
      if (!cameraClicks.has(point.click)) handlers.onObservation(id);
    };
    void opened('observation', find(), open);
  };
  return { camera, observation };
}

/**
 * Opens what a search at a clicked point found; says why when it found nothing. `undefined`:
 * nothing was to be found (another layer's pick of the same click wins).
 */
async function opened(
  what: string,
  found: Promise<string | null | undefined>,
  open: (id: string) => void,
): Promise<void> {
  try {
    const id = await found;
    if (id === undefined) return;
    if (id !== null) open(id);
    else console.warn(`No ${what} was found at the clicked point: the tile names none there.`);
  } catch (error) {
    console.warn(`Could not find the ${what} at the clicked point: ${(error as Error).message}`);
  }
}
