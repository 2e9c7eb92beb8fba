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

interface Cached {
  points: TilePoint[];
  size: number;
  ratio: number;
  radius: number;
}

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

function paint(tile: Cached, colouring: Colouring): ImageBitmap {
  const canvas = new OffscreenCanvas(tile.size * tile.ratio, tile.size * tile.ratio);
  const ctx = canvas.getContext('2d')!;
  ctx.scale(tile.ratio, tile.ratio);
  ctx.lineWidth = tile.radius < 3 ? 0.6 : 1;
  ctx.strokeStyle = 'rgba(255,255,255,0.9)';
  // Points batched by colour: one path per colour is far cheaper than one per point.
  const byColour = new Map<string, TilePoint[]>();
  for (const p of tile.points) {
    const c = colourOf(colouring, p.feature);
    let list = byColour.get(c);
    if (!list) byColour.set(c, (list = []));
    list.push(p);
  }
  for (const [colour, list] of byColour) {
    ctx.beginPath();
    for (const p of list) {
      ctx.moveTo(p.x + tile.radius, p.y);
      ctx.arc(p.x, p.y, tile.radius, 0, Math.PI * 2);
    }
    ctx.fillStyle = colour;
    ctx.fill();
    ctx.stroke();
  }
  return canvas.transferToImageBitmap();
}

async function load(request: Extract<WorkerRequest, { type: 'load' }>): Promise<void> {
  const abort = new AbortController();
  loading.set(request.key, abort);
  try {
    const response = await fetch(request.url, { signal: abort.signal });
    if (!response.ok)
      throw new Error(`${request.url}: ${response.status} ${await response.text()}`);
    const points = decodePoints(await response.arrayBuffer(), request.kind, request.size);
    const tile: Cached = {
      points,
      size: request.size,
      ratio: request.ratio,
      radius: request.radius,
    };
    tiles.set(request.key, tile);
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
    const bitmap = request.withProps || points.length === 0 ? null : paint(tile, request.colouring);
    const answer: WorkerAnswer = {
      type: 'tile',
      key: request.key,
      bitmap,
      xs,
      ys,
      ids: ids.join('\n'),
      inside,
      features: request.withProps || unnamed ? points.map((p) => p.feature) : null,
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
    if (!tile || tile.points.length === 0) return;
    const bitmap = paint(tile, request.colouring);
    scope.postMessage({ type: 'painted', key: request.key, bitmap }, [bitmap]);
  } else {
    loading.get(request.key)?.abort();
    loading.delete(request.key);
    tiles.delete(request.key);
  }
};
