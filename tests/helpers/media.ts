/** Helpers for the media conformance tests: raw requests, signed redirects, ffprobe. */
/* eslint-disable @typescript-eslint/no-explicit-any -- reply bodies are JSON checked by the assertions, not by types */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { ServiceUnderTest } from './service.ts';

const run = promisify(execFile);

export interface Raw {
  status: number;
  headers: Headers;
  bytes: Buffer;
  json(): any;
}

async function raw(res: Response): Promise<Raw> {
  const bytes = Buffer.from(await res.arrayBuffer());
  return {
    status: res.status,
    headers: res.headers,
    bytes,
    json: () => JSON.parse(bytes.toString('utf8')),
  };
}

/** An authorized request that does not follow redirects. */
export async function call(
  t: ServiceUnderTest,
  method: string,
  path: string,
  body?: object,
): Promise<Raw> {
  const headers: Record<string, string> = { Authorization: `Bearer ${t.token}` };
  if (body) headers['Content-Type'] = 'application/json';
  return raw(
    await fetch(t.url + path, {
      method,
      headers,
      body: body && JSON.stringify(body),
      redirect: 'manual',
    }),
  );
}

/** Fetches a signed URL the way clients must: without the service's authorization. */
export async function fetchSigned(url: string, init: RequestInit = {}): Promise<Raw> {
  return raw(await fetch(url, { redirect: 'manual', ...init }));
}

/** GET that must answer 302; returns the signed Location. */
export async function signedLocation(t: ServiceUnderTest, path: string): Promise<string> {
  const r = await call(t, 'GET', path);
  if (r.status !== 302)
    throw new Error(`${path}: expected 302, got ${r.status} ${r.bytes.toString()}`);
  return r.headers.get('location')!;
}

export const isJpeg = (b: Buffer): boolean => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
export const isPng = (b: Buffer): boolean =>
  b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
export const isZip = (b: Buffer): boolean =>
  b.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
export const isMp4 = (b: Buffer): boolean => b.subarray(4, 8).toString('latin1') === 'ftyp';
export const isMpegTs = (b: Buffer): boolean => b[0] === 0x47 && b[188] === 0x47;

export interface Probe {
  format: { format_name: string; duration?: string };
  streams: {
    codec_type: string;
    codec_name: string;
    width?: number;
    height?: number;
    nb_frames?: string;
  }[];
}

/** ffprobe's view of a media file (ffprobe comes with ffmpeg on the PATH). */
export async function ffprobe(file: string): Promise<Probe> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_format',
    '-show_streams',
    '-of',
    'json',
    file,
  ]);
  return JSON.parse(stdout) as Probe;
}

export async function hasFfprobe(): Promise<boolean> {
  try {
    await run('ffprobe', ['-version']);
    return true;
  } catch {
    return false;
  }
}

/** Central directory entry names of a zip (enough to check what an archive holds). */
export function zipEntries(zip: Buffer): string[] {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(eocd + 10);
  let p = zip.readUInt32LE(eocd + 16);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const nameLen = zip.readUInt16LE(p + 28);
    const extra = zip.readUInt16LE(p + 30);
    const comment = zip.readUInt16LE(p + 32);
    names.push(zip.subarray(p + 46, p + 46 + nameLen).toString('utf8'));
    p += 46 + nameLen + extra + comment;
  }
  return names;
}
