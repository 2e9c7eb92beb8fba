/**
 * The dataset's manifest, one row per file on disk, as CSV (manifest.csv) and JSON Lines
 * (manifest.jsonl): the observation, every sensor's value and its meaning in words, the class
 * and split, and the file's SHA-256, size and pixel size read from the JPEG itself.
 */
import { stat, writeFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { csvText } from '../../shared/csv.ts';
import { SENSOR_TYPES, sensorLabel, type SensorType } from '../../shared/sensors.ts';
import { hashFile } from '../downloads/part-files.ts';
import { jpegSize } from './jpeg-size.ts';
import type { PlannedImage } from './plan.ts';

export const MANIFEST_COLUMNS = [
  'id',
  'camera',
  'time',
  'longitude',
  'latitude',
  'place',
  ...SENSOR_TYPES.flatMap((t) => [t, `${t}_meaning`] as const),
  'class',
  'split',
  'file',
  'sha256',
  'bytes',
  'width',
  'height',
] as const;
export type ManifestColumn = (typeof MANIFEST_COLUMNS)[number];
export type ManifestRow = Record<ManifestColumn, string | number | null>;

/** A completed file's row; the queue's SHA-256 when it kept one, else the file's own. */
export async function manifestRow(
  folder: string,
  image: PlannedImage,
  sha256: string | null,
): Promise<ManifestRow> {
  const path = join(folder, image.file);
  const [info, size, hash] = await Promise.all([
    stat(path),
    jpegSize(path),
    sha256 ? Promise.resolve(sha256) : hashFile(path),
  ]);
  const sensors = Object.fromEntries(
    SENSOR_TYPES.flatMap((t) => [
      [t, image.sensors[t]],
      [`${t}_meaning`, meaningOf(t, image.sensors[t])],
    ]),
  ) as Record<SensorType | `${SensorType}_meaning`, string | number | null>;
  return {
    id: image.id,
    camera: image.camera,
    time: image.time,
    longitude: image.longitude,
    latitude: image.latitude,
    place: image.place,
    ...sensors,
    class: image.className,
    split: image.split,
    file: image.file,
    sha256: hash,
    bytes: info.size,
    width: size?.width ?? null,
    height: size?.height ?? null,
  };
}

function meaningOf(type: SensorType, value: number | null): string | null {
  if (value === null) return null;
  return sensorLabel(type, value) ?? `${value} (a value the interface does not list)`;
}

export async function writeManifests(folder: string, rows: readonly ManifestRow[]): Promise<void> {
  await writeWhole(join(folder, 'manifest.csv'), csvText(MANIFEST_COLUMNS, rows));
  const jsonl = rows.map((r) => `${JSON.stringify(r)}\n`).join('');
  await writeWhole(join(folder, 'manifest.jsonl'), jsonl);
}

/** Through a `.part` and a rename, so a killed run never leaves half a manifest. */
export async function writeWhole(path: string, text: string): Promise<void> {
  await writeFile(`${path}.part`, text);
  await rename(`${path}.part`, path);
}
