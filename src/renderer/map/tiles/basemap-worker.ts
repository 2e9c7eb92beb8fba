/**
 * Off the main thread: the offline base map's outlines (world-atlas, us-atlas: countries,
 * states, and US counties from zoom 7, where states alone leave plain land) built once and
 * drawn into tiles on an OffscreenCanvas, handed back as bitmaps. Drawing a tile of 1:50m
 * outlines takes several milliseconds; a zoom makes twenty at once, which on the page's thread
 * was the longest task of every zoom (docs/benchmarks.md, "Map").
 */
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import fine from 'world-atlas/countries-50m.json';
import coarse from 'world-atlas/countries-110m.json';
import states from 'us-atlas/states-10m.json';

export interface TileCoords {
  x: number;
  y: number;
  z: number;
}

export type BasemapRequest =
  | { type: 'draw'; key: string; coords: TileCoords; size: number; ratio: number }
  | { type: 'drop'; key: string };

export type BasemapAnswer =
  | { type: 'tile'; key: string; bitmap: ImageBitmap }
  | { type: 'error'; key: string; message: string };

type Ring = { points: Float64Array; bbox: [number, number, number, number] };

interface Countries {
  land: Ring[][];
  borders: Ring[];
}

/** Up to this zoom the 1:110m outlines are drawn: 1:50m detail would be below a pixel. */
const COARSE_MAX_ZOOM = 4;
/** From this zoom county lines are drawn: further out they would crowd the state lines. */
const COUNTY_MIN_ZOOM = 7;

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<BasemapRequest>) => void) | null;
  postMessage(message: BasemapAnswer, transfer?: Transferable[]): void;
};

// Each set is built on the first tile that needs it, the 1:50m one (a few hundred milliseconds)
// only once the map is zoomed in, so that it does not compete with the first cameras drawn.
const built: { coarse?: Countries; fine?: Countries; states?: Ring[]; counties?: Ring[] } = {};
/** Tiles asked for and not yet drawn; a tile dropped before its turn is never drawn. */
const queue = new Map<string, Extract<BasemapRequest, { type: 'draw' }>>();
let draining = false;

scope.onmessage = (e) => {
  const request = e.data;
  if (request.type === 'drop') {
    queue.delete(request.key);
    return;
  }
  queue.set(request.key, request);
  if (!draining) void drain();
};

/** One tile per task, so that the drops sent meanwhile are seen before the next tile. */
async function drain(): Promise<void> {
  draining = true;
  for (let next = first(); next; next = first()) {
    queue.delete(next.key);
    try {
      // The county file (800 KB) is a chunk of its own, read the first time a tile needs it.
      if (next.coords.z >= COUNTY_MIN_ZOOM) await loadCounties();
      const bitmap = drawTile(next.coords, next.size, next.ratio);
      scope.postMessage({ type: 'tile', key: next.key, bitmap }, [bitmap]);
    } catch (error) {
      scope.postMessage({ type: 'error', key: next.key, message: (error as Error).message });
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  draining = false;
}

function first() {
  return queue.values().next().value;
}

function countriesAt(zoom: number): Countries {
  return zoom <= COARSE_MAX_ZOOM
    ? (built.coarse ??= countries(coarse))
    : (built.fine ??= countries(fine));
}

function stateLines(): Ring[] {
  const topo = states as unknown as Topology<{ states: GeometryCollection }>;
  return (built.states ??= mesh(topo, topo.objects.states, (a, b) => a !== b).coordinates.map(
    ring,
  ));
}

async function loadCounties(): Promise<void> {
  if (built.counties) return;
  const topo = (await import('us-atlas/counties-10m.json')).default as unknown as Topology<{
    counties: GeometryCollection;
  }>;
  built.counties = mesh(topo, topo.objects.counties, (a, b) => a !== b).coordinates.map(ring);
}

function countries(json: unknown): Countries {
  const topo = json as Topology<{ countries: GeometryCollection }>;
  const land = feature(topo, topo.objects.countries).features.flatMap((f) => {
    const g = f.geometry;
    if (g.type === 'Polygon') return polygon(g.coordinates);
    if (g.type === 'MultiPolygon') return g.coordinates.flatMap(polygon);
    return [];
  });
  const borders = mesh(topo, topo.objects.countries, (a, b) => a !== b).coordinates.map(ring);
  return { land, borders };
}

/**
 * A polygon cut at the antimeridian (Fiji, Russia) has edges from +180 to -180 that, drawn as
 * they are, fill a band around the world: it is drawn unwrapped (past 180) and once more one
 * world to the west. Rings around a pole (Antarctica) are closed along the pole and kept as is.
 */
function polygon(rings: number[][][]): Ring[][] {
  const outer = rings[0] ?? [];
  let [w, e, polar] = [Infinity, -Infinity, false];
  for (const [lon = 0, lat = 0] of outer) {
    w = Math.min(w, lon);
    e = Math.max(e, lon);
    polar ||= Math.abs(lat) > 84;
  }
  if (e - w <= 180 || polar) return [rings.map(ring)];
  const east = rings.map((r) => r.map(([lon = 0, lat = 0]) => [lon < 0 ? lon + 360 : lon, lat]));
  const west = east.map((r) => r.map(([lon = 0, lat = 0]) => [lon - 360, lat]));
  return [east.map(ring), west.map(ring)];
}

function ring(points: number[][]): Ring {
  const flat = new Float64Array(points.length * 2);
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  points.forEach(([lon = 0, lat = 0], i) => {
    flat[i * 2] = lon;
    flat[i * 2 + 1] = lat;
    w = Math.min(w, lon);
    e = Math.max(e, lon);
    s = Math.min(s, lat);
    n = Math.max(n, lat);
  });
  return { points: flat, bbox: [w, s, e, n] };
}

function drawTile(coords: TileCoords, size: number, ratio: number) {
  const canvas = new OffscreenCanvas(size * ratio, size * ratio);
  const ctx = canvas.getContext('2d')!;
  ctx.scale(ratio, ratio);
  const scale = size * 2 ** coords.z;
  const [x0, y0] = [coords.x * size, coords.y * size];
  const bounds = tileBounds(coords);
  const visible = (r: Ring) => overlaps(r.bbox, bounds);
  const trace = (r: Ring) => {
    const p = r.points;
    let lastX = NaN;
    let lastY = NaN;
    for (let i = 0; i < p.length; i += 2) {
      const x = ((p[i]! + 180) / 360) * scale - x0;
      const y = mercatorY(p[i + 1]!) * scale - y0;
      // Points closer than a third of a pixel add nothing but time at low zoom.
      if (i > 0 && Math.abs(x - lastX) < 0.35 && Math.abs(y - lastY) < 0.35 && i < p.length - 2)
        continue;
      if (i === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
      lastX = x;
      lastY = y;
    }
  };

  const world = countriesAt(coords.z);
  ctx.fillStyle = '#ece8df';
  ctx.beginPath();
  for (const polygon of world.land) {
    if (polygon[0] && visible(polygon[0])) polygon.forEach(trace);
  }
  ctx.fill('evenodd');

  ctx.strokeStyle = '#9a948a';
  ctx.lineWidth = 1;
  ctx.beginPath();
  world.borders.filter(visible).forEach(trace);
  ctx.stroke();

  if (coords.z >= COUNTY_MIN_ZOOM && built.counties) {
    ctx.strokeStyle = '#cdc6b8';
    ctx.lineWidth = 0.8;
    ctx.setLineDash([]);
    ctx.beginPath();
    built.counties.filter(visible).forEach(trace);
    ctx.stroke();
  }

  if (coords.z >= 3) {
    ctx.strokeStyle = '#b7b0a4';
    ctx.lineWidth = 0.8;
    ctx.setLineDash([3, 3]);
    ctx.beginPath();
    stateLines().filter(visible).forEach(trace);
    ctx.stroke();
  }
  return canvas.transferToImageBitmap();
}

/** Web Mercator y of a latitude, 0 at the top of the world and 1 at the bottom. */
function mercatorY(lat: number): number {
  const clamped = Math.max(-85.0511, Math.min(85.0511, lat));
  const sin = Math.sin((clamped * Math.PI) / 180);
  return 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI);
}

/** The tile's [west, south, east, north] in degrees, with a margin for line widths. */
function tileBounds({ x, y, z }: TileCoords): [number, number, number, number] {
  const n = 2 ** z;
  const lon = (px: number) => (px / n) * 360 - 180;
  const lat = (py: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * py) / n))) * 180) / Math.PI;
  const margin = 2 / n;
  return [lon(x - margin), lat(y + 1 + margin), lon(x + 1 + margin), lat(y - margin)];
}

function overlaps(
  a: [number, number, number, number],
  b: [number, number, number, number],
): boolean {
  return a[0] <= b[2] && a[2] >= b[0] && a[1] <= b[3] && a[3] >= b[1];
}
