/**
 * The weather replay: every camera of a ten-minute snapshot as a dot coloured by the chosen
 * sensor. Dots are made once per camera and recoloured per step, so stepping through the 48
 * hours redraws one canvas instead of rebuilding thousands of layers.
 */
import L from 'leaflet';
import type { WeatherSnapshot } from '../../../shared/ipc/map.ts';
import type { SensorType } from '../../../shared/sensors.ts';
import { sensorColour } from '../colours.ts';

export class ReplayLayer extends L.LayerGroup {
  #dots = new Map<string, L.CircleMarker>();
  #renderer = L.canvas({ pane: 'points', padding: 0.3 });

  override onRemove(map: L.Map): this {
    super.onRemove(map);
    // A renderer stays on the map when its last path goes: without this, every replay opened
    // would leave a full-size canvas behind, resized and cleared after every move.
    this.#renderer.remove();
    return this;
  }

  show(snapshot: WeatherSnapshot, sensor: SensorType): void {
    const seen = new Set<string>();
    const values = snapshot[sensor];
    snapshot.ids.forEach((id, i) => {
      seen.add(id);
      const fillColor = sensorColour(sensor, values[i]);
      const dot = this.#dots.get(id);
      if (dot) {
        dot.setStyle({ fillColor });
        return;
      }
      const created = L.circleMarker([snapshot.lat[i]!, snapshot.lon[i]!], {
        renderer: this.#renderer,
        radius: 4,
        weight: 0.8,
        color: '#fff',
        fillColor,
        fillOpacity: 1,
        interactive: false,
      });
      this.#dots.set(id, created);
      this.addLayer(created);
    });
    for (const [id, dot] of this.#dots) {
      if (!seen.has(id)) {
        this.removeLayer(dot);
        this.#dots.delete(id);
      }
    }
  }
}
