/**
 * Drawing a polygon, a route or a radius centre on the map by clicking. Finishing closes the
 * shape; Escape cancels. Double-click zoom is off while drawing so that a double click finishes.
 */
import L from 'leaflet';
import type { LonLat } from '../../../shared/geo.ts';
import type { DrawMode } from '../search/params.ts';

export class DrawTool {
  #map: L.Map;
  #mode: DrawMode | null = null;
  #points: LonLat[] = [];
  #preview = L.layerGroup();
  #onDone: (mode: DrawMode, points: LonLat[]) => void;
  #onChange: (count: number) => void;

  constructor(
    map: L.Map,
    onDone: (mode: DrawMode, points: LonLat[]) => void,
    onChange: (count: number) => void,
  ) {
    this.#map = map;
    this.#onDone = onDone;
    this.#onChange = onChange;
    this.#preview.addTo(map);
  }

  get mode(): DrawMode | null {
    return this.#mode;
  }

  start(mode: DrawMode): void {
    this.cancel();
    this.#mode = mode;
    this.#map.doubleClickZoom.disable();
    this.#map.getContainer().classList.add('drawing');
    this.#map.on('click', this.#click);
    this.#map.on('dblclick', this.#finishEvent);
  }

  /** Finishes the shape when it has enough points; returns whether it did. */
  finish(): boolean {
    const mode = this.#mode;
    const need = mode === 'polygon' ? 3 : mode === 'route' ? 2 : 1;
    if (!mode || this.#points.length < need) return false;
    const points = this.#points;
    this.cancel();
    this.#onDone(mode, points);
    return true;
  }

  cancel(): void {
    this.#map.off('click', this.#click);
    this.#map.off('dblclick', this.#finishEvent);
    this.#map.doubleClickZoom.enable();
    this.#map.getContainer().classList.remove('drawing');
    this.#preview.clearLayers();
    this.#mode = null;
    this.#points = [];
    this.#onChange(0);
  }

  dispose(): void {
    this.cancel();
    this.#preview.remove();
  }

  #click = (e: L.LeafletMouseEvent) => {
    const lng = L.Util.wrapNum(e.latlng.lng, [-180, 180], true);
    this.#points = [...this.#points, [lng, e.latlng.lat]];
    this.#onChange(this.#points.length);
    if (this.#mode === 'radius') {
      this.finish();
      return;
    }
    this.#redraw();
  };

  #finishEvent = () => {
    // The double click's two clicks added the same point twice: drop the duplicate.
    const [a, b] = this.#points.slice(-2);
    if (a && b && a[0] === b[0] && a[1] === b[1]) this.#points = this.#points.slice(0, -1);
    this.finish();
  };

  #redraw(): void {
    this.#preview.clearLayers();
    const latlngs = this.#points.map(([lon, lat]) => L.latLng(lat, lon));
    const style = { color: '#d9480f', weight: 2, interactive: false };
    if (this.#mode === 'polygon' && latlngs.length >= 3) {
      this.#preview.addLayer(L.polygon(latlngs, { ...style, fillOpacity: 0.1 }));
    } else {
      this.#preview.addLayer(L.polyline(latlngs, style));
    }
    for (const p of latlngs) {
      this.#preview.addLayer(
        L.circleMarker(p, { ...style, radius: 4, fillColor: '#fff', fillOpacity: 1 }),
      );
    }
  }
}
