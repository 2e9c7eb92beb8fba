/**
 * A JPEG's width and height, read from its frame header (SOF0 to SOF15 but DHT, JPG and DAC)
 * in the first 256 KB of the file: enough for any header and its metadata, and a bound on a
 * file that is not a JPEG at all.
 */
import { open } from 'node:fs/promises';

const HEAD_BYTES = 256 * 1024;

export interface ImageSize {
  width: number;
  height: number;
}

export async function jpegSize(path: string): Promise<ImageSize | null> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await file.read(head, 0, HEAD_BYTES, 0);
    return sizeFromHeader(head.subarray(0, bytesRead));
  } finally {
    await file.close();
  }
}

/** Walks the markers from SOI; null when the bytes are not a JPEG or the header is cut. */
export function sizeFromHeader(bytes: Uint8Array): ImageSize | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    // Fill bytes and markers without a length (RSTn, TEM).
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) {
      if (at + 9 > bytes.length) return null;
      const height = (bytes[at + 5]! << 8) | bytes[at + 6]!;
      const width = (bytes[at + 7]! << 8) | bytes[at + 8]!;
      return { width, height };
    }
    // Start of scan before any frame header: not a JPEG this reader understands.
    if (marker === 0xda || length < 2) return null;
    at += 2 + length;
  }
  return null;
}
