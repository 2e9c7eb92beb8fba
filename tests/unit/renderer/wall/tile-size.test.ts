import { describe, expect, it } from 'vitest';
import {
  fitLevel,
  levelForTile,
  MAX_UPSCALE,
  type LevelledPlayer,
} from '../../../../src/renderer/wall/tile-size.ts';
import { masterPlaylist } from '../../../../src/service/media/hls-master.ts';
import { FULL_RENDITION, SMALL_RENDITION } from '../../../../src/service/media/live-renditions.ts';

/** The renditions of the service's master playlist, as hls.js reads RESOLUTION (bit rate order). */
const levels = [
  ...masterPlaylist('cam', [FULL_RENDITION, SMALL_RENDITION]).matchAll(/RESOLUTION=(\d+)x(\d+)/g),
]
  .map((m) => ({ width: Number(m[1]), height: Number(m[2]) }))
  .reverse();

describe('the rendition a tile plays', () => {
  it('a small tile asks for the small rendition, a large one for the large', () => {
    expect(levels).toEqual([
      { width: 320, height: 180 },
      { width: 640, height: 360 },
    ]);
    // A 6 × 6 wall's tile on a 1920 × 1080 screen, and on 2820 × 1780.
    expect(levelForTile(levels, 310, 170)).toBe(0);
    expect(levelForTile(levels, 460, 280)).toBe(0);
    // A 4 × 4 wall's tile, and a layout's big tile.
    expect(levelForTile(levels, 700, 440)).toBe(1);
    expect(levelForTile(levels, 1400, 880)).toBe(1);
    // Just past what the small one may be stretched to: the large one.
    expect(levelForTile(levels, 320 * MAX_UPSCALE + 1, 1000)).toBe(1);
    // Whatever order the playlist lists them in.
    expect(levelForTile([...levels].reverse(), 310, 170)).toBe(1);
  });

  it('leaves hls.js alone with one rendition or sizes the playlist does not give', () => {
    expect(levelForTile([{ width: 640, height: 360 }], 310, 170)).toBe(-1);
    expect(levelForTile([], 310, 170)).toBe(-1);
    expect(levelForTile([{ width: 0, height: 0 }, ...levels], 310, 170)).toBe(-1);
  });

  it('starts on the fitting rendition and switches when the tile is resized', () => {
    const player: LevelledPlayer & { manualLevel: number } = {
      levels,
      manualLevel: -1,
      startLevel: -1,
      set loadLevel(level: number) {
        this.manualLevel = level;
      },
      get loadLevel() {
        return this.manualLevel;
      },
    };
    const tile = { clientWidth: 300, clientHeight: 170 } as HTMLElement;
    fitLevel(player, tile, true);
    expect([player.startLevel, player.manualLevel]).toEqual([0, 0]);
    Object.assign(tile, { clientWidth: 900, clientHeight: 500 });
    fitLevel(player, tile);
    expect([player.startLevel, player.manualLevel]).toEqual([0, 1]);
  });
});
