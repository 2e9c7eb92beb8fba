/**
 * Section 4.2 and 4.3 Tile: what the Mapbox Vector Tile routes of cameras (cameras/tile.ts)
 * and observations (observations/tile.ts) share: the tile address in the path and the
 * cameras inside it. Layer names and attributes are "not shown": ours are documented in
 * docs/service.md; the variant `tiles: 'other'` names and fills them as another provider
 * might.
 */
import { invalidParameter } from '../http/errors.ts';
import type { RequestContext } from '../http/router.ts';
import { isValidTile, tileBbox, type TileAddress } from '../media/mvt.ts';

export const TILE_TYPE = 'application/x-protobuf';

/** The camera columns a point on a map shows (tiles, snapshots), as read from `cameras c`. */
export interface CameraPointRow {
  num: number;
  id: string;
  lon: number;
  lat: number;
  description: string;
  city: string;
  state: string;
  country: string;
}

export function readTileAddress(ctx: RequestContext): TileAddress {
  const [z, x, y] = ['z', 'x', 'y'].map((k) => {
    const v = ctx.pathParams[k]!;
    if (!/^\d{1,8}$/.test(v))
      throw invalidParameter(
        k,
        `${k} must be a whole number in the tile path /{z}/{x}/{y}.mvt, not "${v}".`,
      );
    return Number(v);
  }) as [number, number, number];
  const tile = { z, x, y };
  if (!isValidTile(tile))
    throw invalidParameter(
      'z',
      `There is no tile ${z}/${x}/${y}: z is 0 to 24 and x, y are below 2^z.`,
    );
  return tile;
}

/** Cameras in the tile's box (with its buffer), through the R*Tree. */
export function inTile(tile: TileAddress): { sql: string; args: number[] } {
  const [w, s, e, n] = tileBbox(tile);
  return {
    sql: 'c.num IN (SELECT num FROM cameras_rtree WHERE min_lon <= ? AND max_lon >= ? AND min_lat <= ? AND max_lat >= ?)',
    args: [e, w, n, s],
  };
}
