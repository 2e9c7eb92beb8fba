/**
 * The weather replay: every camera of a ten-minute snapshot as a dot coloured by the chosen
 * sensor, over the alert polygons in force at the same mark. The dots are one canvas drawn from
 * the snapshot's columns (replay-dots.ts), not a layer per camera, so a step at 100,000 cameras
 * recolours and redraws one canvas; alerts are few and are redrawn per step.
 */
import L from 'leaflet';
import type { AlertSnapshot, WeatherSnapshot } from '../../../shared/ipc/replay.ts';
import type { SensorType } from '../../../shared/sensors.ts';
import { sensorColour, severityColour } from '../colours.ts';
import { DotCanvas } from './replay-dots.ts';

export class ReplayLayer extends L.LayerGroup {
  // Added and removed with the group: the canvas goes when the replay closes.
  #dots = new DotCanvas({ pane: 'replay', padding: 0.3 });
  // SVG in the overlay pane (under the dots' pane): each polygon stays an element to hover.
  #alertRenderer = L.svg({ padding: 0.3 });
  #alerts = L.layerGroup();
  #onAlert: (id: string) => void;

  constructor(onAlert: (id: string) => void) {
    super();
    this.#onAlert = onAlert;
    this.addLayer(this.#alerts);
    this.addLayer(this.#dots);
  }

  override onRemove(map: L.Map): this {
    super.onRemove(map);
    // A renderer stays on the map when its last path goes: without this, every replay opened
    // would leave a full-size SVG behind, resized after every move.
    this.#alertRenderer.remove();
    return this;
  }

  /** The alerts of a mark (already least severe first), or none: null. */
  showAlerts(snapshot: AlertSnapshot | null): void {
    this.#alerts.clearLayers();
    for (const alert of snapshot?.alerts ?? []) {
      const colour = severityColour(alert.severity);
      const polygon = L.polygon(alert.polygons, {
        color: colour,
        weight: 1.5,
        fillColor: colour,
        fillOpacity: 0.18,
        className: 'replay-alert',
        renderer: this.#alertRenderer,
      });
      // Text, never HTML: the service's words are data (Leaflet sets a string as HTML).
      const tip = document.createElement('div');
      tip.textContent = `${alert.event || alert.headline || alert.id} (${alert.severity || 'unknown'})`;
      polygon.bindTooltip(tip, { sticky: true });
      polygon.on('click', () => this.#onAlert(alert.id));
      this.#alerts.addLayer(polygon);
      // Which alert a drawn path is (tests compare the drawing with the service's file).
      polygon.getElement()?.setAttribute('data-alert-id', alert.id);
    }
  }

  /** How many alert polygons are drawn (the replay bar says it; tests read it). */
  get alertCount(): number {
    return this.#alerts.getLayers().length;
  }

  show(snapshot: WeatherSnapshot, sensor: SensorType): void {
    const values = snapshot[sensor];
    this.#dots.setDots({
      lat: snapshot.lat,
      lon: snapshot.lon,
      colours: snapshot.ids.map((_, i) => sensorColour(sensor, values[i])),
    });
  }

  /** How many dots the last drawing put on the map (inside the view and its margin). */
  get dotsDrawn(): number {
    return this.#dots.drawn;
  }
}
