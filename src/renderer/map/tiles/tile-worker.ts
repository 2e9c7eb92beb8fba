/**
 * Off the main thread: fetches a vector tile, decodes its points, draws them on an
 * OffscreenCanvas and hands back a bitmap plus the points' positions (for hit-testing). A
 * dense tile holds tens of thousands of points; decoding and drawing them on the page's thread
 * would stall panning (docs/map.md has the figures).
 */
import { sensorColour, CAMERA_COLOUR, CAMERA_VIDEO_COLOUR } from '../colours.ts';
import type { SensorType } from '../../../shared/sensors.ts';
import { decodePoints, type TileFeature, type TileKind, type TilePoint } from './mvt.ts';

export type Colouring = { by: 'video' } | { by: 'sensor'; sensor: SensorType };

export type WorkerRequest =
  | {
      type: 'load';
      key: string;
      url: string;
      /** What the tile holds; its layers may be called anything (mvt.ts reads them all). */
      kind: TileKind;
      size: number;
      ratio: number;
      radius: number;
      colouring: Colouring;
      /** Send every point's features (markers at high zoom), not only ids. */
      withProps: boolean;
    }
  | { type: 'paint'; key: string; colouring: Colouring }
  | { type: 'drop'; key: string };

export type WorkerAnswer =
  | {
      type: 'tile';
      key: string;
      bitmap: ImageBitmap | null;
      xs: Float32Array;
      ys: Float32Array;
      /**
       * Point ids joined by newlines, '' where the tile names none: one string crosses to the
       * page far cheaper than many.
       */
      ids: string;
      /** Points inside the tile proper (not in its buffer): the layer's count adds these up. */
      inside: number;
      /**
       * Every point's feature: for markers, and for clicks on points without an id (found by
       * a search with what the feature does say). Null when neither is needed.
       */
      features: TileFeature[] | null;
    }
  | { type: 'painted'; key: string; bitmap: ImageBitmap }
  | { type: 'error'; key: string; message: string };

/** A tile as decoded, shared by every page tile showing it (and kept a while after). */
interface Decoded {
  points: TilePoint[];
  xs: Float32Array;
  ys: Float32Array;
  ids: string;
  inside: number;
  unnamed: boolean;
}

interface Cached {
  decoded: Decoded;
  size: number;
  ratio: number;
  radius: number;
}

/**
 * Tiles decoded and drawn lately, by URL: a map zoomed in and out again, or panned back, asks
 * for them again, and fetching, decoding and drawing a dense tile anew costs hundreds of
 * milliseconds of a core that the page's frames share. Kept a minute: observation tiles change
 * every ten minutes, and a tile shown again within a minute of its reading is as current as the
 * map it sits in.
 */
interface Recent {
  decoded: Decoded;
  at: number;
  /** The last drawing of it, and how it was drawn (size, ratio, radius, colouring). */
  drawn: { how: string; canvas: OffscreenCanvas } | null;
}
const RECENT_MAX = 48;
const RECENT_MS = 60_000;
const recent = new Map<string, Recent>();

const tiles = new Map<string, Cached>();
const loading = new Map<string, AbortController>();
const scope = self as unknown as {
  onmessage: ((e: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(message: WorkerAnswer, transfer?: Transferable[]): void;
};

function colourOf(colouring: Colouring, feature: TileFeature): string {
  if (colouring.by === 'video') return feature.video ? CAMERA_VIDEO_COLOUR : CAMERA_COLOUR;
  return sensorColour(colouring.sensor, feature.sensors[colouring.sensor] ?? null);
}

function paint(tile: Cached, colouring: Colouring): OffscreenCanvas {
  const canvas = new OffscreenCanvas(tile.size * tile.ratio, tile.size * tile.ratio);
  const ctx = canvas.getContext('2d')!;
  ctx.scale(tile.ratio, tile.ratio);
  ctx.lineWidth = tile.radius < 3 ? 0.6 : 1;
  ctx.strokeStyle = 'rgba(255,255,255,0.9)';
  // Points batched by colour: one path per colour is far cheaper than one per point. A path is
  // filled and stroked as the union of its circles, so a second point of one colour on the same
  // spot adds nothing but a harder anti-aliased rim (coincident edges add up their coverage):
  // it is left out, and the spot looks like any single point (at national scale, half the
  // points of a dense tile are such repeats).
  const byColour = new Map<string, Map<string, TilePoint>>();
  for (const p of tile.decoded.points) {
    const c = colourOf(colouring, p.feature);
    let spots = byColour.get(c);
    if (!spots) byColour.set(c, (spots = new Map()));
    spots.set(`${p.x} ${p.y}`, p);
  }
  for (const [colour, spots] of byColour) {
    ctx.beginPath();
    for (const p of spots.values()) {
      ctx.moveTo(p.x + tile.radius, p.y);
      ctx.arc(p.x, p.y, tile.radius, 0, Math.PI * 2);
    }
    ctx.fillStyle = colour;
    ctx.fill();
    ctx.stroke();
  }
  return canvas;
}

/** A bitmap of the tile drawn as asked, drawn anew only when its last drawing differs. */
function bitmapOf(tile: Cached, colouring: Colouring, kept: Recent): ImageBitmap {
  const how = `${tile.size}|${tile.ratio}|${tile.radius}|${JSON.stringify(colouring)}`;
  let canvas = kept.drawn?.how === how ? kept.drawn.canvas : null;
  if (!canvas) {
    canvas = paint(tile, colouring);
    kept.drawn = { how, canvas };
  }
  // A copy goes to the page (which takes the bitmap over); the drawing stays here.
  const copy = new OffscreenCanvas(canvas.width, canvas.height);
  copy.getContext('2d')!.drawImage(canvas, 0, 0);
  return copy.transferToImageBitmap();
}

function decode(bytes: ArrayBuffer, request: Extract<WorkerRequest, { type: 'load' }>): Decoded {
  const points = decodePoints(bytes, request.kind, request.size);
  const xs = new Float32Array(points.length);
  const ys = new Float32Array(points.length);
  const ids: string[] = [];
  let inside = 0;
  let unnamed = false;
  points.forEach((p, i) => {
    xs[i] = p.x;
    ys[i] = p.y;
    // An id with a newline in it would shift every id after it: such a point is unnamed.
    const id = p.feature.id !== null && !p.feature.id.includes('\n') ? p.feature.id : '';
    if (id === '') unnamed = true;
    ids.push(id);
    if (p.x >= 0 && p.y >= 0 && p.x < request.size && p.y < request.size) inside++;
  });
  return { points, xs, ys, ids: ids.join('\n'), inside, unnamed };
}

/** What was read of `url` within the last minute, if anything (the oldest leave first). */
function recentOf(url: string, size: number): Recent | undefined {
  const key = `${size}|${url}`;
  const kept = recent.get(key);
  if (kept && performance.now() - kept.at > RECENT_MS) recent.delete(key);
  return recent.get(key);
}

function keep(url: string, size: number, decoded: Decoded): Recent {
  const kept: Recent = { decoded, at: performance.now(), drawn: null };
  recent.set(`${size}|${url}`, kept);
  for (const oldest of recent.keys()) {
    if (recent.size <= RECENT_MAX) break;
    recent.delete(oldest);
  }
  return kept;
}

async function load(request: Extract<WorkerRequest, { type: 'load' }>): Promise<void> {
  const abort = new AbortController();
  loading.set(request.key, abort);
  try {
    let kept = recentOf(request.url, request.size);
    if (!kept) {
      const response = await fetch(request.url, { signal: abort.signal });
      if (!response.ok)
        throw new Error(`${request.url}: ${response.status} ${await response.text()}`);
      kept = keep(request.url, request.size, decode(await response.arrayBuffer(), request));
    }
    const { decoded } = kept;
    const tile: Cached = {
      decoded,
      size: request.size,
      ratio: request.ratio,
      radius: request.radius,
    };
    tiles.set(request.key, tile);
    const bitmap =
      request.withProps || decoded.points.length === 0
        ? null
        : bitmapOf(tile, request.colouring, kept);
    // Copies: the page takes these over, and the tile may be shown again.
    const xs = decoded.xs.slice();
    const ys = decoded.ys.slice();
    const answer: WorkerAnswer = {
      type: 'tile',
      key: request.key,
      bitmap,
      xs,
      ys,
      ids: decoded.ids,
      inside: decoded.inside,
      features: request.withProps || decoded.unnamed ? decoded.points.map((p) => p.feature) : null,
    };
    scope.postMessage(answer, bitmap ? [bitmap, xs.buffer, ys.buffer] : [xs.buffer, ys.buffer]);
  } catch (error) {
    if (!abort.signal.aborted) {
      scope.postMessage({ type: 'error', key: request.key, message: (error as Error).message });
    }
  } finally {
    if (loading.get(request.key) === abort) loading.delete(request.key);
  }
}

scope.onmessage = (e) => {
  const request = e.data;
  if (request.type === 'load') void load(request);
  else if (request.type === 'paint') {
    const tile = tiles.get(request.key);
    if (!tile || tile.decoded.points.length === 0) return;
    const bitmap = paint(tile, request.colouring).transferToImageBitmap();
    scope.postMessage({ type: 'painted', key: request.key, bitmap }, [bitmap]);
  } else {
    loading.get(request.key)?.abort();
    loading.delete(request.key);
    tiles.delete(request.key);
  }
};
