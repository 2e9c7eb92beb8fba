/**
 * "Show all cameras" fits the extent of the whole world's camera tile (src/renderer/map/tiles/
 * extent.ts): the tile's points, read back as degrees within the tile's resolution.
 */
import { describe, expect, it } from 'vitest';
import { extentOfWorldTile } from '../../../../../src/renderer/map/tiles/extent.ts';
import { encodeTile } from '../../../../../src/service/media/mvt.ts';

/** The world tile (zoom 0) of cameras at these places. */
function worldTile(places: [number, number][]): ArrayBuffer {
  const features = places.map(([lon, lat], i) => ({
    id: i + 1,
    lon,
    lat,
    properties: { id: `C${i}` },
  }));
  const bytes = encodeTile({ z: 0, x: 0, y: 0 }, [{ name: 'cameras', features }]);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

describe('the extent of every camera', () => {
  it('is the box of the points, within a pixel of the world tile (0.7°)', () => {
    const extent = extentOfWorldTile(
      worldTile([
        [-122.4, 37.8],
        [-71.1, 42.4],
        [-80.2, 25.8],
        [-104.99, 39.74],
      ]),
    )!;
    const expected = [-122.4, 25.8, -71.1, 42.4];
    extent.forEach((v, i) => expect(Math.abs(v - expected[i]!)).toBeLessThan(0.71));
  });

  it('is null for a tile with no camera', () => {
    expect(extentOfWorldTile(worldTile([]))).toBeNull();
    expect(extentOfWorldTile(new ArrayBuffer(0))).toBeNull();
  });
});
