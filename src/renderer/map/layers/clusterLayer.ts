/**
 * The alternative to vector tiles, kept for the benchmark (`#/map?cameras=cluster`): every
 * camera loaded once (a complete search), indexed with supercluster, and the clusters of the
 * view drawn as canvas circles after each move. docs/map.md gives the figures that decided.
 */
import L from 'leaflet';
import Supercluster, { type ClusterProperties } from 'supercluster';
import type { Camera } from '../../../shared/api/index.ts';
import { CAMERA_COLOUR, CAMERA_VIDEO_COLOUR } from '../colours.ts';

interface PointProps {
  id: string;
  video: boolean;
}

export class ClusterCameraLayer extends L.LayerGroup {
  #index = new Supercluster<PointProps, Record<string, never>>({ radius: 48, maxZoom: 16 });
  #renderer = L.canvas({ padding: 0.2 });
  #loaded = false;
  #firstDrawn = false;
  #onPick: (id: string) => void;
  #onCount: (n: number) => void;

  constructor(onPick: (id: string) => void, onCount: (n: number) => void) {
    super();
    this.#onPick = onPick;
    this.#onCount = onCount;
  }

  load(cameras: readonly Camera[]): void {
    this.#index.load(
      cameras.map((c) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [...c.geometry.coordinates] },
        properties: { id: c.id, video: c.properties.video },
      })),
    );
    this.#loaded = true;
    this.#update();
  }

  override onAdd(map: L.Map): this {
    super.onAdd(map);
    map.on('moveend', this.#update);
    this.#update();
    return this;
  }

  override onRemove(map: L.Map): this {
    map.off('moveend', this.#update);
    super.onRemove(map);
    return this;
  }

  #update = () => {
    const map = this._map;
    if (!map || !this.#loaded) return;
    this.clearLayers();
    const b = map.getBounds().pad(0.2);
    const bbox: [number, number, number, number] = [
      Math.max(-180, b.getWest()),
      Math.max(-85, b.getSouth()),
      Math.min(180, b.getEast()),
      Math.min(85, b.getNorth()),
    ];
    const clusters = this.#index.getClusters(bbox, Math.round(map.getZoom()));
    let points = 0;
    for (const c of clusters) {
      const [lon, lat] = c.geometry.coordinates as [number, number];
      const props = c.properties as Partial<ClusterProperties> & Partial<PointProps>;
      const count = props.point_count ?? 1;
      points += count;
      const marker = L.circleMarker([lat, lon], {
        renderer: this.#renderer,
        radius: count === 1 ? 4.5 : Math.min(22, 7 + Math.log2(count) * 2),
        color: '#fff',
        weight: 1,
        fillColor: props.video ? CAMERA_VIDEO_COLOUR : CAMERA_COLOUR,
        fillOpacity: count === 1 ? 1 : 0.75,
      });
      if (props.id) {
        const id = props.id;
        marker.on('click', () => this.#onPick(id));
      } else {
        marker.on('click', () => {
          const zoom = this.#index.getClusterExpansionZoom(Number(props.cluster_id));
          map.setView([lat, lon], zoom);
        });
      }
      this.addLayer(marker);
    }
    this.#onCount(points);
    if (clusters.length > 0 && !this.#firstDrawn) {
      this.#firstDrawn = true;
      performance.mark('roadcam:cameras-drawn');
    }
  };
}
