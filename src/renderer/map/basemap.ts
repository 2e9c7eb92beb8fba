import L from 'leaflet';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/**
 * The offline base map: country shapes and US state lines from world-atlas and us-atlas, drawn
 * into canvas tiles under the raster tiles, so the map is never blank, with or without a network.
 * Tiles (not one canvas vector layer) because Leaflet redraws a vector layer's whole canvas after
 * every pan: with 50m outlines that cost most of each frame, while a tile is drawn once per view.
 */
type Ring = { points: Float64Array; bbox: [number, number, number, number] };

interface Outlines {
  land: Ring[][];
  borders: Ring[];
  states: Ring[];
  /** The same world at 1:110m, drawn at low zoom where 1:50m detail is below a pixel. */
  coarse: { land: Ring[][]; borders: Ring[] };
}

/** Up to this zoom the coarse outlines are drawn. */
const COARSE_MAX_ZOOM = 4;

class OutlineTiles extends L.GridLayer {
  #outlines: Outlines;

  constructor(outlines: Outlines, options: L.GridLayerOptions) {
    super(options);
    this.#outlines = outlines;
  }

  protected override createTile(coords: L.Coords): HTMLElement {
    return drawTile(this.#outlines, coords);
  }
}

export async function offlineBasemap(pane: string): Promise<L.GridLayer> {
  const outlines = await loadOutlines();
  return new OutlineTiles(outlines, {
    pane,
    tileSize: 256,
    updateWhenZooming: false,
    keepBuffer: 4,
  });
}

async function loadOutlines(): Promise<Outlines> {
  const [fine, coarse, states] = await Promise.all([
    import('world-atlas/countries-50m.json'),
    import('world-atlas/countries-110m.json'),
    import('us-atlas/states-10m.json'),
  ]);
  const statesTopo = states.default as unknown as Topology<{ states: GeometryCollection }>;
  const stateLines = mesh(statesTopo, statesTopo.objects.states, (a, b) => a !== b).coordinates.map(
    ring,
  );
  return { ...countries(fine.default), states: stateLines, coarse: countries(coarse.default) };
}

function countries(json: unknown): { land: Ring[][]; borders: Ring[] } {
  const topo = json as Topology<{ countries: GeometryCollection }>;
  const land = feature(topo, topo.objects.countries).features.flatMap((f) => {
    const g = f.geometry;
    if (g.type === 'Polygon') return [g.coordinates.map(ring)];
    if (g.type === 'MultiPolygon') return g.coordinates.map((p) => p.map(ring));
    return [];
  });
  const borders = mesh(topo, topo.objects.countries, (a, b) => a !== b).coordinates.map(ring);
  return { land, borders };
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

function drawTile(outlines: Outlines, coords: L.Coords): HTMLCanvasElement {
  const ratio = Math.min(window.devicePixelRatio || 1, 2);
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 256 * ratio;
  const ctx = canvas.getContext('2d')!;
  ctx.scale(ratio, ratio);
  const scale = 256 * 2 ** coords.z;
  const [x0, y0] = [coords.x * 256, coords.y * 256];
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

  const world = coords.z <= COARSE_MAX_ZOOM ? outlines.coarse : outlines;
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

  if (coords.z >= 3) {
    ctx.strokeStyle = '#b7b0a4';
    ctx.lineWidth = 0.8;
    ctx.setLineDash([3, 3]);
    ctx.beginPath();
    outlines.states.filter(visible).forEach(trace);
    ctx.stroke();
  }
  return canvas;
}

/** Web Mercator y of a latitude, 0 at the top of the world and 1 at the bottom. */
function mercatorY(lat: number): number {
  const clamped = Math.max(-85.0511, Math.min(85.0511, lat));
  const sin = Math.sin((clamped * Math.PI) / 180);
  return 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI);
}

/** The tile's [west, south, east, north] in degrees, with a margin for line widths. */
function tileBounds({ x, y, z }: L.Coords): [number, number, number, number] {
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
