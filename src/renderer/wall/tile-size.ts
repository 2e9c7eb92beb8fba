/**
 * A tile too small for full badges and captions (a 3 × 3 wall on a laptop, a 4 × 4 one, six custom columns):
 * it shows compact ones, so the picture keeps most of the tile.
 */
export function isCompact(width: number, height: number): boolean {
  return width < 460 || height < 210;
}
