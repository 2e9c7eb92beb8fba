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
import { groupOverlapping, type ScreenPoint } from './pin-groups.ts';
import { t } from '../../lib/words.svelte.ts';

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

/** A recording pin's size in pixels; pins closer than this are one pin with a count. */
const REC_PIN = { width: 34, height: 16 };
/** How many recordings a grouped pin's tooltip names; its popup lists them all. */
const REC_NAMED = 6;

/**
 * The recordings' "●REC" pins. `project` places a position on screen at the map's zoom: with
 * it, pins that would overlap become one pin with a count, whose click lists them.
 */
export function drawRecordings(
  group: L.LayerGroup,
  recordings: readonly Recording[],
  zone: string,
  project?: (lat: number, lon: number) => ScreenPoint,
) {
  group.clearLayers();
  const placed = project
    ? groupOverlapping(
        recordings,
        (r) => project(r.geometry.coordinates[1], r.geometry.coordinates[0]),
        REC_PIN,
      )
    : recordings.map((r) => [r]);
  for (const pins of placed) group.addLayer(recordingPin(pins, zone));
}

function recordingPin(recordings: Recording[], zone: string): L.Marker {
  const first = recordings[0]!;
  const [lon, lat] = first.geometry.coordinates;
  const many = recordings.length > 1;
  const icon = L.divIcon({
    className: `recording-pin status-${first.properties.status}${many ? ' many' : ''}`,
    // "REC" is the sign a recorder shows in every language, not a word to translate.
    html: `<span aria-hidden="true" data-verbatim>●REC${many ? ` ${recordings.length}` : ''}</span>`,
    iconSize: [many ? 46 : REC_PIN.width, REC_PIN.height],
    iconAnchor: [many ? 23 : 17, 26],
  });
  const title = many
    ? t('map.recording.many', { count: recordings.length })
    : t('map.recording.one', { id: first.id });
  const marker = L.marker([lat, lon], { icon, title, keyboard: false, pane: 'recordings' });
  const about = (r: Recording) => {
    const p = r.properties;
    // A service may leave the start out (or in a form the client cannot read): null then.
    const fallback = t('map.recording.unknownStart');
    return t('map.recording.about', {
      status: p.status,
      minutes: Math.round(p.duration / 60),
      start: formatTimeIn(p.start, zone, { fallback }),
    });
  };
  if (!many) {
    const p = first.properties;
    marker.bindTooltip(lines([p.description, about(first), p.tags.join(', ')]));
    // The recording's detail lives under Downloads (its tags, frame and files).
    marker.on('click', () => (location.hash = recordingHash(first.id)));
    return marker;
  }
  const named = recordings
    .slice(0, REC_NAMED)
    .map((r) => `${r.properties.description || r.id}: ${about(r)}`);
  const more = recordings.length - named.length;
  marker.bindTooltip(
    lines([title, ...named, ...(more > 0 ? [t('map.recording.more', { count: more })] : [])]),
  );
  marker.bindPopup(() => recordingLinks(recordings, about));
  return marker;
}

const recordingHash = (id: string) => `#/downloads/recording/${encodeURIComponent(id)}`;

/** A grouped pin's list: each recording a link to its detail (text nodes: service words). */
function recordingLinks(recordings: Recording[], about: (r: Recording) => string): HTMLElement {
  const list = document.createElement('ul');
  list.className = 'recording-list';
  list.setAttribute('aria-label', t('map.recording.here'));
  for (const r of recordings) {
    const link = document.createElement('a');
    link.href = recordingHash(r.id);
    link.textContent = r.properties.description || r.id;
    const item = document.createElement('li');
    item.append(link, ` ${about(r)}`);
    list.append(item);
  }
  return list;
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
