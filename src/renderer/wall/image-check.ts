/**
 * Whether an image's bytes arrived whole, as a pure function (tested in Node on the service's own
 * images): a JPEG or PNG cut off on the way lacks the marker that ends it, and a browser would
 * show its top half over grey rather than fail.
 */

/** Whether the bytes are a complete JPEG or PNG (a cut-off answer lacks its end marker). */
export function imageIsWhole(bytes: Uint8Array): boolean {
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if (jpeg) return endsWith(bytes, [0xff, 0xd9]);
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b);
  // The IEND chunk: its type and CRC close every PNG.
  if (png) return endsWith(bytes, [0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
  // Another format the browser may show (WebP, GIF): its decoder judges it below.
  return bytes.length > 0;
}

function endsWith(bytes: Uint8Array, tail: number[]): boolean {
  // A JPEG may carry padding after its end marker: look at the last few bytes.
  const from = Math.max(0, bytes.length - tail.length - 16);
  for (let i = bytes.length - tail.length; i >= from; i--) {
    if (tail.every((b, j) => bytes[i + j] === b)) return true;
  }
  return false;
}
