/**
 * A tile too small for full badges and captions (a 3 × 3 wall on a laptop, a 4 × 4 one, six custom columns):
 * it shows compact ones, so the picture keeps most of the tile.
 */
export function isCompact(width: number, height: number): boolean {
  return width < 460 || height < 210;
}

/**
 * How far a rendition may be stretched on screen before a larger one is worth decoding. On a
 * wall of 36 a tile is glanced at, and half the pixels per side is a quarter of the decoding;
 * a tile made large (a layout's big tile, a wall of few) gets the larger rendition.
 */
export const MAX_UPSCALE = 1.5;

/** A rendition's size as hls.js gives it (0 when the playlist does not say). */
export interface LevelSize {
  width: number;
  height: number;
}

/**
 * The rendition a tile plays, by the picture box's size in device pixels: the smallest that,
 * stretched at most MAX_UPSCALE, fills the box (the picture is contained in it), else the
 * largest. -1 (hls.js's own choice) with fewer than two renditions or any size unknown: a
 * service that offers one media playlist is played exactly as it always was.
 */
export function levelForTile(levels: readonly LevelSize[], boxWidth: number, boxHeight: number) {
  if (levels.length < 2 || levels.some((l) => !(l.width > 0 && l.height > 0))) return -1;
  const byArea = levels
    .map((l, index) => ({ index, area: l.width * l.height, l }))
    .sort((a, b) => a.area - b.area);
  const fits = byArea.find(
    ({ l }) => Math.min(boxWidth / l.width, boxHeight / l.height) <= MAX_UPSCALE,
  );
  return (fits ?? byArea[byArea.length - 1]!).index;
}

/** What levelForTile needs of a player (an hls.js instance). */
export interface LevelledPlayer {
  readonly levels: readonly LevelSize[];
  readonly manualLevel: number;
  startLevel: number;
  loadLevel: number;
}

/**
 * Puts the player on the rendition its video element's size asks for; before the first
 * segment it starts there, later it switches after what is buffered (no flush, no stall).
 */
export function fitLevel(player: LevelledPlayer, video: HTMLElement, starting = false): void {
  const ratio = globalThis.devicePixelRatio || 1;
  const level = levelForTile(player.levels, video.clientWidth * ratio, video.clientHeight * ratio);
  if (level === -1 || level === player.manualLevel) return;
  if (starting) player.startLevel = level;
  player.loadLevel = level;
}
