/**
 * The Map view's hold on its Leaflet map: the layers, the drawing tool and where the map looks.
 * The view and its panels ask for places and shapes in longitude/latitude; only this folder
 * speaks Leaflet (a lint rule keeps it so).
 */
import type L from 'leaflet';
import type { Bbox, LonLat } from '../../../shared/geo.ts';
import type { Api } from '../../../shared/ipc.ts';
import type { DrawMode } from '../search/params.ts';
import { channelSearch, MapLayers, type LayerHandlers } from './controller.ts';
import { DrawTool } from './draw-tool.ts';

export class MapControl {
  readonly layers: MapLayers;
  /** The shape being drawn, with the points clicked so far; null when none is. */
  drawing = $state<{ mode: DrawMode; points: number } | null>(null);
  /** True once the map exists (the replay bar needs it). */
  ready = $state(false);
  #map: L.Map | null = null;
  #draw: DrawTool | null = null;
  #onDrawn: (mode: DrawMode, points: LonLat[]) => void;

  constructor(
    api: Api,
    handlers: LayerHandlers,
    onDrawn: (mode: DrawMode, points: LonLat[]) => void,
  ) {
    this.layers = new MapLayers(handlers, channelSearch(api));
    this.#onDrawn = onDrawn;
  }

  /** For LeafletMap's onCreate: the panes, before any overlay is added. */
  readonly create = (map: L.Map): void => MapLayers.makePanes(map);

  /** For LeafletMap's onReady. */
  readonly attach = (map: L.Map): void => {
    this.layers.attach(map);
    this.#draw = new DrawTool(
      map,
      (mode, points) => {
        this.drawing = null;
        this.#onDrawn(mode, points);
      },
      (points) => {
        if (this.drawing) this.drawing = { ...this.drawing, points };
      },
    );
    this.#map = map;
    this.ready = true;
  };

  dispose(): void {
    this.#draw?.dispose();
  }

  startDrawing(mode: DrawMode): void {
    this.#draw?.start(mode);
    this.drawing = { mode, points: 0 };
  }

  finishDrawing(): void {
    this.#draw?.finish();
  }

  cancelDrawing(): void {
    this.#draw?.cancel();
    this.drawing = null;
  }

  /** What the map shows now, [west, south, east, north]; null before the map exists. */
  viewBbox(): Bbox | null {
    if (!this.#map) return null;
    const b = this.#map.getBounds();
    return [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()];
  }

  panTo([lon, lat]: LonLat): void {
    this.#map?.panTo([lat, lon]);
  }

  /** Shows a whole area, not closer than zoom 9 (a small alert stays in its surroundings). */
  fitBbox([w, s, e, n]: Bbox): void {
    this.#map?.fitBounds(
      [
        [s, w],
        [n, e],
      ],
      { maxZoom: 9, padding: [20, 20] },
    );
  }
}
