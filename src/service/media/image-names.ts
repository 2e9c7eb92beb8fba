/**
 * Image names of recordings and collections. The store keeps one form, ours:
 * "<camera id>_<UTC stamp>.jpg", the stamp as 20261121T120000Z, with milliseconds
 * (20261121T120000.500Z) only when a frame needs them. A name identifies its frame, so any
 * image can be rendered again from its name alone.
 *
 * The interface does not show the form of names, so a service variant may show others: every
 * route that reads or writes a name goes through the ImageNames of its service (imageNamesOf),
 * which turns a stored name into the shown one and back.
 */
import type { ServiceChoices } from '../variants/index.ts';
import { timeStamp } from './frames.ts';

export interface Frame {
  cameraId: string;
  /** epoch milliseconds */
  tMs: number;
}

export function frameName(cameraId: string, tMs: number): string {
  const stamp = timeStamp(tMs);
  const ms = tMs % 1000;
  return `${cameraId}_${ms === 0 ? stamp : `${stamp.slice(0, -1)}.${String(ms).padStart(3, '0')}Z`}.jpg`;
}

const NAME = /^(.+)_(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(?:\.(\d{3}))?Z\.jpg$/;

export function parseFrameName(name: string): Frame | undefined {
  const m = NAME.exec(name);
  if (!m) return undefined;
  const tMs = Date.UTC(
    Number(m[2]),
    Number(m[3]) - 1,
    Number(m[4]),
    Number(m[5]),
    Number(m[6]),
    Number(m[7]),
    Number(m[8] ?? 0),
  );
  return Number.isFinite(tMs) && frameName(m[1]!, tMs) === name
    ? { cameraId: m[1]!, tMs }
    : undefined;
}

/** The signed path of a frame (the file part is the name without the camera id). */
export function signedFramePath(cameraId: string, tMs: number, ext: 'jpg' | 'png' = 'jpg'): string {
  const file = frameName(cameraId, tMs)
    .slice(cameraId.length + 1)
    .replace(/\.jpg$/, `.${ext}`);
  return `/signed/frames/${encodeURIComponent(cameraId)}/${file}`;
}

/** The names one service shows for its frames. */
export interface ImageNames {
  /** The name this service gives a camera's frame at an epoch millisecond. */
  name(cameraId: string, tMs: number): string;
  /** The frame a name shown by this service identifies; undefined for any other string. */
  frame(name: string): Frame | undefined;
  /** A stored name (frameName's form) as this service shows it. */
  shown(stored: string): string;
  /** The stored form of a name this service shows, or undefined when it shows no such name. */
  stored(shown: string): string | undefined;
}

const CAMERA_TIME: ImageNames = {
  name: frameName,
  frame: parseFrameName,
  shown: (stored) => stored,
  stored: (shown) => (parseFrameName(shown) ? shown : undefined),
};

// base32hex (RFC 4648), lower case, no padding: its alphabet is in ASCII order, so encoded
// strings sort as the bytes they encode do.
const B32 = '0123456789abcdefghijklmnopqrstuv';
const OPAQUE_NAME = /^img-([0-9a-v]+)\.jpg$/;
/** Epoch milliseconds as 14 digits: fixed width, so later frames sort later. */
const MS_DIGITS = 14;

function base32(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += B32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) out += B32[(value << (5 - bits)) & 31];
  return out;
}

function unbase32(text: string): Buffer | undefined {
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of text) {
    const v = B32.indexOf(ch);
    if (v < 0) return undefined;
    value = (value << 5) | v;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
    value &= (1 << bits) - 1;
  }
  return Buffer.from(bytes);
}

/**
 * Opaque names: "img-<base32hex of the camera id, a NUL and the time>.jpg". They say nothing
 * a client could read, yet let this service render the frame; within one camera (so within a
 * recording) they sort in time order.
 */
function opaqueName(cameraId: string, tMs: number): string {
  const time = String(tMs).padStart(MS_DIGITS, '0');
  return `img-${base32(Buffer.from(`${cameraId}\u0000${time}`, 'utf8'))}.jpg`;
}

function opaqueFrame(name: string): Frame | undefined {
  const m = OPAQUE_NAME.exec(name);
  const text = m && unbase32(m[1]!)?.toString('utf8');
  const at = text?.lastIndexOf('\u0000') ?? -1;
  if (!text || at <= 0) return undefined;
  const time = text.slice(at + 1);
  if (!/^\d+$/.test(time)) return undefined;
  const frame = { cameraId: text.slice(0, at), tMs: Number(time) };
  // Only the one spelling this service gives: no second name for the same frame.
  return opaqueName(frame.cameraId, frame.tMs) === name ? frame : undefined;
}

const OPAQUE: ImageNames = {
  name: opaqueName,
  frame: opaqueFrame,
  shown: (stored) => {
    const f = parseFrameName(stored);
    return f ? opaqueName(f.cameraId, f.tMs) : stored;
  },
  stored: (shown) => {
    const f = opaqueFrame(shown);
    return f ? frameName(f.cameraId, f.tMs) : undefined;
  },
};

/** The names of a service, by its choice (variants/index.ts). */
export function imageNamesOf(s: { variant: Pick<ServiceChoices, 'imageNames'> }): ImageNames {
  return s.variant.imageNames === 'opaque' ? OPAQUE : CAMERA_TIME;
}
