/**
 * The Map view's hold on its Leaflet map: the layers, the drawing tool and where the map looks.
 * The view and its panels ask for places and shapes in longitude/latitude; only this folder
 * speaks Leaflet (a lint rule keeps it so).
 */
import type L from 'leaflet';
import type { Bbox, LonLat } from '../../../shared/geo.ts';
import type { Api } from '../../../shared/ipc.ts';
import type { DrawMode } from '../search/params.ts';
import type { MapPlace } from '../map-state.svelte.ts';
import { extentOfWorldTile } from '../tiles/extent.ts';
import { mediaUrl } from '../../lib/media.ts';
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

  /**
   * Goes to a place: a point (a camera) at street level, or closer if the map already is, as
   * far as the map can show; an area whole, with a margin, and not so close that a small one
   * loses its surroundings.
   */
  show(place: MapPlace): void {
    const map = this.#map;
    if (!map) return;
    // A panel that opened with the choice narrowed the map: centre in what is left of it.
    map.invalidateSize({ pan: false });
    if (place.kind === 'point') {
      const [lon, lat] = place.at;
      const zoom = Math.min(Math.max(map.getZoom(), CAMERA_ZOOM), map.getMaxZoom());
      map.setView([lat, lon], zoom);
    } else {
      const [w, s, e, n] = place.bbox;
      const bounds: L.LatLngBoundsExpression = [
        [s, w],
        [n, e],
      ];
      map.fitBounds(bounds, {
        padding: [40, 40],
        maxZoom: Math.min(AREA_MAX_ZOOM, map.getMaxZoom()),
      });
    }
  }

  /** A few steps out at once: one step from a street rarely reaches the next camera. */
  zoomOut(): void {
    this.#map?.zoomOut(3);
  }

  /** Fits every camera of the service; the whole world when where they are cannot be read. */
  async showAllCameras(): Promise<void> {
    const extent = await worldCameraExtent().catch((error: unknown) => {
      console.warn(`Could not read where the cameras are: ${(error as Error).message}`);
      return null;
    });
    if (extent) this.show({ kind: 'area', bbox: extent });
    else this.#map?.setView([20, 0], this.#map.getMinZoom());
  }
}

/** Street level: a camera's markers (from zoom 12) with the roads around it. */
const CAMERA_ZOOM = 15;
/** An alert or a route is fitted no closer than this. */
const AREA_MAX_ZOOM = 11;

/** A tile is a few megabytes at most; a service that does not answer in this time is offline. */
const WORLD_TILE_TIMEOUT_MS = 20_000;

/** The extent of the cameras of the world's tile (zoom 0), kept by the media route offline. */
async function worldCameraExtent(): Promise<Bbox | null> {
  const response = await fetch(mediaUrl('tiles/cameras/0-0-0.mvt'), {
    signal: AbortSignal.timeout(WORLD_TILE_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(await response.text());
  return extentOfWorldTile(await response.arrayBuffer());
}
