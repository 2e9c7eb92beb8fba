/**
 * The Route view's hold on its small Leaflet map: the route's line, its cameras numbered in
 * driving order, and drawing a new line with the map's DrawTool (route mode). Only this folder
 * speaks Leaflet; the view speaks longitude/latitude.
 */
import L from 'leaflet';
import type { LonLat } from '../../../shared/geo.ts';
import { DrawTool } from './draw-tool.ts';
import { t } from '../../lib/words.svelte.ts';

export class RouteLayers {
  readonly #line = L.layerGroup();
  readonly #cameras = L.layerGroup();
  /** For LeafletMap's layer control. */
  readonly overlays: Record<string, L.LayerGroup> = { Route: this.#line, Cameras: this.#cameras };
  #map: L.Map | null = null;
  #draw: DrawTool | null = null;
  readonly #onDrawn: (line: LonLat[]) => void;
  readonly #onPoints: (count: number) => void;

  constructor(onDrawn: (line: LonLat[]) => void, onPoints: (count: number) => void) {
    this.#onDrawn = onDrawn;
    this.#onPoints = onPoints;
  }

  /** For LeafletMap's onReady. */
  readonly attach = (map: L.Map): void => {
    this.#map = map;
    this.#draw = new DrawTool(map, (_mode, line) => this.#onDrawn(line), this.#onPoints);
  };

  dispose(): void {
    this.#draw?.dispose();
  }

  /** Draws the line and fits the view to it. */
  showLine(line: readonly LonLat[]): void {
    this.#line.clearLayers();
    if (!this.#map || line.length < 2) return;
    const latlngs = line.map(([lon, lat]) => L.latLng(lat, lon));
    L.polyline(latlngs, { color: '#1f6feb', weight: 4, interactive: false }).addTo(this.#line);
    L.circleMarker(latlngs[0]!, { radius: 6, color: '#1a7f37', fillOpacity: 1 })
      .bindTooltip(t('map.route.start'))
      .addTo(this.#line);
    this.#map.fitBounds(L.latLngBounds(latlngs), { padding: [20, 20], maxZoom: 12 });
  }

  /** The cameras, in driving order: each tooltip says its place in it. */
  showCameras(cameras: readonly { lon: number; lat: number; name: string }[]): void {
    this.#cameras.clearLayers();
    for (const [i, camera] of cameras.entries()) {
      L.circleMarker([camera.lat, camera.lon], {
        radius: 5,
        color: '#d9480f',
        fillColor: '#fff',
        fillOpacity: 1,
      })
        .bindTooltip(`${i + 1}. ${camera.name}`)
        .addTo(this.#cameras);
    }
  }

  startDrawing(): void {
    this.#draw?.start('route');
  }

  /** Ends the line being drawn; false when it has fewer than two points (then cancelled). */
  finishDrawing(): boolean {
    if (this.#draw?.finish()) return true;
    this.#draw?.cancel();
    return false;
  }
}
