/**
 * The map's vector overlays: alert polygons by severity, recordings of the current search, the
 * search results (highlighted on hover and selection, both ways with the list) and the search's
 * spatial shape. Plain functions over Leaflet layers the Map view owns.
 */
import L from 'leaflet';
import { lonLatPolygonsOf, type Alert, type Recording } from '../../../shared/api/index.ts';
import { circleBbox } from '../../../shared/geo.ts';
import { formatTimeIn } from '../../../shared/times.ts';
import { CAMERA_COLOUR, SEVERITY_ORDER, sensorColour, severityColour } from '../colours.ts';
import type { Spatial } from '../search/params.ts';
import type { ResultFeature } from '../search/search.svelte.ts';
import type { SensorType } from '../../../shared/sensors.ts';

const rank = (a: Alert) => {
  const i = (SEVERITY_ORDER as readonly string[]).indexOf(a.properties.severity.toLowerCase());
  return i < 0 ? SEVERITY_ORDER.length : i;
};

// Alerts are few: SVG keeps each polygon an element (hover, focus, tests), unlike the canvas.
const alertRenderer = L.svg({ padding: 0.3 });

/** Alerts drawn least severe first, so that the most severe lie on top. */
export function drawAlerts(
  group: L.LayerGroup,
  alerts: readonly Alert[],
  onPick: (id: string) => void,
) {
  group.clearLayers();
  for (const alert of [...alerts].sort((a, b) => rank(b) - rank(a))) {
    const colour = severityColour(alert.properties.severity);
    // Every part of the area, each with its holes (Leaflet's nesting for a multi-polygon).
    const parts = lonLatPolygonsOf(alert.geometry).map((rings) =>
      rings.map((ring) => ring.map(([lon, lat]): L.LatLngTuple => [lat, lon])),
    );
    const polygon = L.polygon(parts, {
      color: colour,
      weight: 1.5,
      fillColor: colour,
      fillOpacity: 0.16,
      className: 'alert-area',
      renderer: alertRenderer,
    });
    // Text nodes, never HTML: the service's words are data (Leaflet sets a string as HTML).
    polygon.bindTooltip(lines([`${alert.properties.event} (${alert.properties.severity})`]), {
      sticky: true,
    });
    polygon.on('click', () => onPick(alert.id));
    group.addLayer(polygon);
  }
}

export function drawRecordings(
  group: L.LayerGroup,
  recordings: readonly Recording[],
  zone: string,
) {
  group.clearLayers();
  for (const r of recordings) {
    const [lon, lat] = r.geometry.coordinates;
    const icon = L.divIcon({
      className: `recording-pin status-${r.properties.status}`,
      html: '<span aria-hidden="true">●REC</span>',
      iconSize: [34, 16],
      iconAnchor: [17, 26],
    });
    const marker = L.marker([lat, lon], { icon, title: `Recording ${r.id}`, keyboard: false });
    const p = r.properties;
    marker.bindTooltip(
      lines([
        p.description,
        // A service may leave the start out (or in a form the client cannot read): null then.
        `${p.status}, ${Math.round(p.duration / 60)} min from ${formatTimeIn(p.start, zone, { fallback: 'an unknown start' })}`,
        p.tags.join(', '),
      ]),
    );
    // The recording's detail lives under Downloads (its tags, frame and files).
    marker.on('click', () => (location.hash = `#/downloads/recording/${encodeURIComponent(r.id)}`));
    group.addLayer(marker);
  }
}

export interface ResultMarkers {
  byId: Map<string, L.CircleMarker>;
}

/** Markers of the search results (the first `cap`; a complete fetch may hold many more). */
export function drawResults(
  group: L.LayerGroup,
  results: readonly ResultFeature[],
  sensor: SensorType,
  handlers: { onHover: (id: string | null) => void; onPick: (f: ResultFeature) => void },
  cap = 5000,
): ResultMarkers {
  group.clearLayers();
  const byId = new Map<string, L.CircleMarker>();
  for (const f of results.slice(0, cap)) {
    const [lon, lat] = f.geometry.coordinates;
    const obs = 'sensors' in f.properties ? f.properties.sensors : null;
    const marker = L.circleMarker([lat, lon], {
      radius: 6,
      color: '#17202a',
      weight: 1.5,
      fillColor: obs ? sensorColour(sensor, obs[sensor]?.data) : CAMERA_COLOUR,
      fillOpacity: 0.95,
      pane: 'results',
    });
    marker.on('mouseover', () => handlers.onHover(f.id));
    marker.on('mouseout', () => handlers.onHover(null));
    marker.on('click', (e) => {
      L.DomEvent.stopPropagation(e);
      handlers.onPick(f);
    });
    byId.set(f.id, marker);
    group.addLayer(marker);
  }
  return { byId };
}

export function highlight(markers: ResultMarkers, id: string | null, on: boolean) {
  if (id === null) return;
  const marker = markers.byId.get(id);
  if (!marker) return;
  marker.setStyle(
    on ? { radius: 10, weight: 3, color: '#ffb000' } : { radius: 6, weight: 1.5, color: '#17202a' },
  );
  if (on) marker.bringToFront();
}

/** The spatial filter of the search, drawn so the user sees what was searched. */
export function drawSpatial(group: L.LayerGroup, spatial: Spatial) {
  group.clearLayers();
  const style = {
    color: '#1f6feb',
    weight: 2,
    dashArray: '6 4',
    fillOpacity: 0.06,
    interactive: false,
  };
  const ll = ([lon, lat]: readonly [number, number]) => [lat, lon] as [number, number];
  if (spatial.type === 'bbox') {
    const [w, s, e, n] = spatial.bbox;
    group.addLayer(
      L.rectangle(
        [
          [s, w],
          [n, e],
        ],
        style,
      ),
    );
  } else if (spatial.type === 'polygon') {
    group.addLayer(L.polygon(spatial.ring.map(ll), style));
  } else if (spatial.type === 'route') {
    // The buffer is drawn in pixels from metres at the route's latitude: close enough to show it.
    const line = spatial.line.map(ll);
    group.addLayer(L.polyline(line, { ...style, dashArray: undefined }));
    group.addLayer(routeBuffer(spatial.line, spatial.radiusKm));
  } else if (spatial.type === 'radius') {
    group.addLayer(L.circle(ll(spatial.center), { ...style, radius: spatial.radiusKm * 1000 }));
  }
}

/** Circles along the route's points show its buffer without a geometry library. */
function routeBuffer(line: readonly (readonly [number, number])[], radiusKm: number): L.LayerGroup {
  const group = L.layerGroup();
  for (const [lon, lat] of line) {
    group.addLayer(
      L.circle([lat, lon], {
        radius: radiusKm * 1000,
        color: '#1f6feb',
        weight: 0,
        fillOpacity: 0.08,
        interactive: false,
      }),
    );
  }
  return group;
}

export function boundsOfSpatial(spatial: Spatial): L.LatLngBounds | null {
  if (spatial.type === 'radius') {
    const [w, s, e, n] = circleBbox(spatial.center, spatial.radiusKm * 1000);
    return L.latLngBounds([s, w], [n, e]);
  }
  return null;
}

/** A tooltip's lines as text nodes, the first in bold. */
function lines(texts: string[]): HTMLElement {
  const box = document.createElement('div');
  texts.forEach((text, i) => {
    const line = document.createElement(i === 0 ? 'strong' : 'div');
    line.textContent = text;
    box.append(line);
  });
  return box;
}
