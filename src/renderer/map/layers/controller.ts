/**
 * The Map view's layers on one Leaflet map: what each layer-control entry holds, the panes that
 * order them, and the search overlays. Built when the map is ready, disposed with it.
 */
import L from 'leaflet';
import type { Alert, Camera, Recording } from '../../../shared/api/index.ts';
import type { SensorType } from '../../../shared/sensors.ts';
import type { Spatial } from '../params.ts';
import type { ResultFeature } from '../search.svelte.ts';
import { ClusterCameraLayer } from './clusterLayer.ts';
import type { TileProps } from './mvt.ts';
import {
  drawAlerts,
  drawRecordings,
  drawResults,
  drawSpatial,
  highlight,
  type ResultMarkers,
} from './overlays.ts';
import { PointTileLayer } from './pointTiles.ts';
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
  onCameraCount: (n: number) => void;
}

export function cameraMarker(props: TileProps, at: L.LatLng): L.Marker {
  const video = props.video === true;
  const icon = L.divIcon({
    className: 'camera-pin',
    html: `<span class="dot${video ? ' video' : ''}"></span>${video ? '<span class="badge">▶</span>' : ''}`,
    iconSize: [18, 18],
    iconAnchor: [9, 9],
  });
  const title = `Camera ${String(props.id)}${video ? ' (live video)' : ''}: ${String(props.description ?? '')}`;
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
  #cluster: ClusterCameraLayer | null = null;
  #markers: ResultMarkers = { byId: new Map() };
  #handlers: LayerHandlers;
  #sensor: SensorType = 'road_weather';
  map: L.Map | null = null;

  constructor(handlers: LayerHandlers, cameraMode: 'tiles' | 'cluster') {
    this.#handlers = handlers;
    if (cameraMode === 'cluster') {
      this.#cluster = new ClusterCameraLayer(handlers.onCamera, handlers.onCameraCount);
      this.overlays.Cameras.addLayer(this.#cluster);
    } else {
      this.overlays.Cameras.addLayer(
        new PointTileLayer({
          kind: 'cameras',
          colouring: { by: 'video' },
          markerZoom: MARKER_ZOOM,
          marker: cameraMarker,
          onPick: handlers.onCamera,
          onCount: handlers.onCameraCount,
          pane: 'points',
        }),
      );
    }
    this.#observations = new PointTileLayer({
      kind: 'observations',
      colouring: { by: 'sensor', sensor: 'road_weather' },
      markerZoom: 99,
      grow: 2.6,
      onPick: handlers.onObservation,
      pane: 'obs',
    });
    this.overlays.Observations.addLayer(this.#observations);
  }

  /** Called by the map wrapper once the map exists (panes first: layers are placed in them). */
  attach(map: L.Map): void {
    this.map = map;
    this.#results.addTo(map);
    this.#spatial.addTo(map);
  }

  static makePanes(map: L.Map): void {
    // Observations under cameras, both above alert polygons (400) and below markers (600).
    map.createPane('obs').style.zIndex = '440';
    map.createPane('points').style.zIndex = '450';
    map.createPane('results').style.zIndex = '640';
  }

  loadClusterCameras(cameras: readonly Camera[]): void {
    this.#cluster?.load(cameras);
  }

  setSensor(sensor: SensorType): void {
    this.#sensor = sensor;
    this.#observations.repaint({ by: 'sensor', sensor });
  }

  setAlerts(alerts: readonly Alert[]): void {
    drawAlerts(this.overlays.Alerts, alerts, this.#handlers.onAlert);
  }

  setRecordings(recordings: readonly Recording[]): void {
    drawRecordings(this.overlays.Recordings, recordings);
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
    if (!this.#replay) this.#replay = new ReplayLayer();
    if (this.map && !this.map.hasLayer(this.#replay)) this.#replay.addTo(this.map);
    return this.#replay;
  }

  stopReplay(): void {
    this.#replay?.remove();
    this.#replay = null;
  }
}
