/**
 * Image names of recordings and collections: "<camera id>_<UTC stamp>.jpg", the stamp as
 * 20261121T120000Z, with milliseconds (20261121T120000.500Z) only when a frame needs them.
 * A name identifies its frame, so any image can be rendered again from its name alone.
 */
import { timeStamp } from './frames.ts';

export function frameName(cameraId: string, tMs: number): string {
  const stamp = timeStamp(tMs);
  const ms = tMs % 1000;
  return `${cameraId}_${ms === 0 ? stamp : `${stamp.slice(0, -1)}.${String(ms).padStart(3, '0')}Z`}.jpg`;
}

const NAME = /^(.+)_(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(?:\.(\d{3}))?Z\.jpg$/;

export function parseFrameName(name: string): { cameraId: string; tMs: number } | undefined {
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
