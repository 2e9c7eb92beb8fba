/**
 * The encoded vector tiles (cameras and observations) most recently served, kept until the
 * world changes. A map that pans and zooms asks for the same tiles again and again (Leaflet
 * drops the tiles of a zoom level it leaves), and at national scale a dense tile takes hundreds
 * of milliseconds to read and encode: docs/benchmarks.md, "Map". Bounded by bytes, not by
 * count, since one tile over a dense country weighs megabytes and one over the sea nothing.
 */
import type { ServiceContext } from '../context.ts';
import type { TileAddress } from '../media/mvt.ts';

const MAX_BYTES = 48 * 1024 * 1024;

class TileCache {
  readonly #tiles = new Map<string, Buffer>();
  #bytes = 0;

  get(key: string): Buffer | undefined {
    const hit = this.#tiles.get(key);
    if (hit !== undefined) {
      // Most recently used last: the oldest is the first one out.
      this.#tiles.delete(key);
      this.#tiles.set(key, hit);
    }
    return hit;
  }

  set(key: string, body: Buffer): void {
    if (body.byteLength > MAX_BYTES) return;
    this.#tiles.set(key, body);
    this.#bytes += body.byteLength;
    for (const [oldest, old] of this.#tiles) {
      if (this.#bytes <= MAX_BYTES) break;
      this.#tiles.delete(oldest);
      this.#bytes -= old.byteLength;
    }
  }
}

/** One cache per world: a test's second service never sees the first one's tiles. */
const caches = new WeakMap<ServiceContext['world'], TileCache>();

/**
 * The tile `build` encodes, or the same bytes encoded earlier for the same world state (the
 * world's version moves with every ten-minute mark and every change), variant and `extra`
 * parameters.
 */
export function cachedTile(
  s: ServiceContext,
  kind: string,
  tile: TileAddress,
  extra: string,
  build: () => Uint8Array,
): Buffer {
  let cache = caches.get(s.world);
  if (!cache) caches.set(s.world, (cache = new TileCache()));
  const key = `${kind}|${s.world.version}|${s.variant.tiles}|${tile.z}/${tile.x}/${tile.y}|${extra}`;
  let body = cache.get(key);
  if (body === undefined) {
    body = Buffer.from(build());
    cache.set(key, body);
  }
  return body;
}
