/**
 * Export: a collection written as a folder (images/ + manifest.json + manifest.csv) or as a
 * zip of the same. Images come from disk when the collection is kept offline, else from the
 * service. Everything is built in a `.part` folder first and renamed at the end, so a failed
 * export never leaves something that looks complete.
 */
import { csvText } from '../../shared/csv.ts';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import type { Collection } from '../../shared/api/index.ts';
import {
  describeSource,
  parseImageName,
  type ExportResult,
  type ImageSource,
} from '../../shared/ipc/collections.ts';
import type { ApiClient } from '../api/client.ts';
import { cutToBytes, MAX_SEGMENT, sanitiseSegment } from '../downloads/naming.ts';
import { idFileName, imageFileName } from './files.ts';

export interface ExportRequest {
  collection: Collection;
  names: readonly string[];
  as: 'folder' | 'zip';
  /** The folder the export goes into (a new folder or zip is made inside). */
  into: string;
  client: ApiClient;
  /** The file of an image kept offline, else null. */
  localFile(name: string): string | null;
  sources: Map<string, ImageSource>;
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

export interface ManifestEntry {
  name: string;
  file: string;
  camera_id: string | null;
  time: string | null;
  source: string | null;
  bytes: number;
  sha256: string;
}

export async function writeCollectionExport(r: ExportRequest): Promise<ExportResult> {
  await mkdir(r.into, { recursive: true });
  const base = freeName(r.into, exportName(r.collection), r.as === 'zip' ? '.zip' : '');
  const final = join(r.into, base);
  const staging = `${final}.part`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(join(staging, 'images'), { recursive: true });
  try {
    const entries: ManifestEntry[] = [];
    for (const [i, name] of r.names.entries()) {
      r.signal?.throwIfAborted();
      const file = imageFileName(name);
      const { bytes, sha256 } = await copyImage(r, name, join(staging, 'images', file));
      const { cameraId, time } = parseImageName(name);
      const source = r.sources.get(name);
      entries.push({
        name,
        file: `images/${file}`,
        camera_id: cameraId,
        time,
        source: source ? describeSource(source) : null,
        bytes,
        sha256,
      });
      r.onProgress?.(i + 1, r.names.length);
    }
    const manifest = {
      collection: r.collection,
      exported_at: new Date().toISOString(),
      images: entries,
    };
    await writeFile(join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await writeFile(join(staging, 'manifest.csv'), toCsv(entries));
    const bytes = entries.reduce((sum, e) => sum + e.bytes, 0);
    if (r.as === 'folder') {
      await rename(staging, final);
    } else {
      await zipFolder(staging, entries, `${final}.part-zip`);
      await rename(`${final}.part-zip`, final);
      await rm(staging, { recursive: true, force: true });
    }
    return { path: final, images: entries.length, bytes };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    await rm(`${final}.part-zip`, { force: true });
    throw error;
  }
}

async function copyImage(r: ExportRequest, name: string, to: string) {
  const local = r.localFile(name);
  const source = local
    ? createReadStream(local)
    : (await r.client.collections.image(r.collection._id, name, { signal: r.signal })).nodeStream();
  const hash = createHash('sha256');
  let bytes = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(source, tap, createWriteStream(to), { signal: r.signal });
  return { bytes, sha256: hash.digest('hex') };
}

async function zipFolder(folder: string, entries: ManifestEntry[], to: string): Promise<void> {
  const zip = new ZipFile();
  // JPEGs do not compress: stored entries cost no CPU and lose nothing.
  for (const e of entries) zip.addFile(join(folder, e.file), e.file, { compress: false });
  zip.addFile(join(folder, 'manifest.json'), 'manifest.json');
  zip.addFile(join(folder, 'manifest.csv'), 'manifest.csv');
  zip.end();
  await pipeline(zip.outputStream as Readable, createWriteStream(to));
  await stat(to);
}

const CSV_COLUMNS = ['name', 'file', 'camera_id', 'time', 'source', 'bytes', 'sha256'] as const;

/** The manifest as CSV (cells a spreadsheet would run as formulas neutralised: csv.ts). */
export function toCsv(entries: readonly ManifestEntry[]): string {
  return csvText(CSV_COLUMNS, entries);
}

/** The id's part of an export's name, at most this many bytes. */
const ID_BYTES = 48;

/**
 * "<name> (<id>)" made safe for every file system: cut by UTF-8 bytes, between characters, so
 * that with what freeName and the staging add (" 12345", ".zip", ".part-zip") it stays far
 * below the 255 bytes (and UTF-16 units) a file name may have.
 */
export function exportName(c: Collection): string {
  const id = cutToBytes(idFileName(c._id), ID_BYTES);
  const room = MAX_SEGMENT - Buffer.byteLength(` (${id})`);
  const name = cutToBytes(
    c.name.normalize('NFC').replace(/[^\p{L}\p{N} _.-]+/gu, '_'),
    room,
  ).replace(/^[ .]+|[ .]+$/g, '');
  return sanitiseSegment(`${name || 'collection'} (${id})`);
}

function freeName(folder: string, base: string, ext: string): string {
  if (!existsSync(join(folder, base + ext))) return base + ext;
  for (let n = 2; ; n++) {
    const candidate = `${base} ${n}${ext}`;
    if (!existsSync(join(folder, candidate))) return candidate;
  }
}
