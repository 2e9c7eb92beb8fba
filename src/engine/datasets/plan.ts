/**
 * A dataset's plan: every image chosen, with its class, split and file, written into the
 * folder (PLAN_FILE) before any image is fetched. Run again with the same choices, the export
 * reads the plan instead of searching again, so that a later run completes the same dataset
 * even when the service has new observations by then; other choices in the same folder are
 * refused rather than mixed in.
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { SaidError } from '../../shared/i18n/said-error.ts';
import { said } from '../../shared/i18n/translator.ts';
import type { Observation } from '../../shared/api/index.ts';
import type { DatasetOptions, DatasetSplit } from '../../shared/ipc/datasets.ts';
import { SENSOR_TYPES, type SensorType } from '../../shared/sensors.ts';
import { sanitiseSegment } from '../downloads/naming.ts';
import type { Choice } from './choose.ts';
import { sensorValueOf } from './classes.ts';
import { splitByCamera } from './split.ts';

export const PLAN_FILE = '.roadcam-dataset.json';
/** A plan file larger than this is not one this app wrote (20,000 images take about 10 MB). */
const PLAN_MAX_BYTES = 64 * 1024 * 1024;

export interface PlannedImage {
  id: string;
  camera: string;
  time: string | null;
  longitude: number | null;
  latitude: number | null;
  place: string;
  sensors: Record<SensorType, number | null>;
  className: string;
  split: DatasetSplit;
  /** The path under the dataset's folder, with forward slashes. */
  file: string;
}

export interface PlannedClass {
  value: number;
  name: string;
  meaning: string;
  matched: number;
  candidates: number;
  chosen: number;
}

export interface DatasetPlan {
  fingerprint: string;
  classes: PlannedClass[];
  noReport: number;
  images: PlannedImage[];
}

/** What decides the dataset's content: the same fingerprint, the same images and files. */
export function fingerprintOf(o: DatasetOptions): string {
  const choices = [o.query, o.label, o.perClass, o.split, o.seed, o.layout, o.includeNoReport];
  return createHash('sha256').update(JSON.stringify(choices)).digest('hex').slice(0, 32);
}

export function makePlan(o: DatasetOptions, choice: Choice): DatasetPlan {
  const perCamera = new Map<string, number>();
  for (const c of choice.classes) {
    for (const obs of c.chosen) {
      const camera = obs.properties.camera_id;
      perCamera.set(camera, (perCamera.get(camera) ?? 0) + 1);
    }
  }
  const splits = splitByCamera(perCamera, o.split, o.seed);
  const images = choice.classes.flatMap((c) =>
    c.chosen.map((obs) => planned(obs, c.name, splits.get(obs.properties.camera_id)!, o)),
  );
  const classes = choice.classes.map(({ chosen, ...c }) => ({ ...c, chosen: chosen.length }));
  return { fingerprint: fingerprintOf(o), classes, noReport: choice.noReport, images };
}

function planned(
  obs: Observation,
  className: string,
  split: DatasetSplit,
  o: DatasetOptions,
): PlannedImage {
  const p = obs.properties;
  const file = `${sanitiseSegment(obs.id)}.jpg`;
  const [longitude, latitude] = obs.geometry?.coordinates ?? [null, null];
  return {
    id: obs.id,
    camera: p.camera_id,
    time: p.time,
    longitude: longitude ?? null,
    latitude: latitude ?? null,
    place: [p.city, p.state, p.country].filter(Boolean).join(', '),
    sensors: Object.fromEntries(SENSOR_TYPES.map((t) => [t, sensorValueOf(obs, t)])) as Record<
      SensorType,
      number | null
    >,
    className,
    split,
    file: o.layout === 'flat' ? file : `${split}/${className}/${file}`,
  };
}

/**
 * The plan an earlier run left in the folder: null when there is none; refused when it was
 * made with other choices (the folder would mix two datasets).
 */
export async function readPlan(folder: string, fingerprint: string): Promise<DatasetPlan | null> {
  const path = join(folder, PLAN_FILE);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    const code = (error as NodeJS.ErrnoException).code;
    throw new SaidError(said('datasets.refused.cannotRead', { path, code: String(code) }), {
      cause: error,
    });
  }
  if (text.length > PLAN_MAX_BYTES) throw unreadable(path);
  let plan: DatasetPlan;
  try {
    plan = JSON.parse(text) as DatasetPlan;
  } catch (error) {
    throw unreadable(path, error);
  }
  if (!Array.isArray(plan.images) || !Array.isArray(plan.classes)) throw unreadable(path);
  if (plan.fingerprint !== fingerprint) {
    throw new SaidError(said('datasets.refused.otherChoices', { folder }));
  }
  return plan;
}

function unreadable(path: string, cause?: unknown): Error {
  return new SaidError(said('datasets.refused.unreadablePlan', { path }), { cause });
}

/** Written whole or not at all: a killed run leaves the old plan or none, never half of one. */
export async function writePlan(folder: string, plan: DatasetPlan): Promise<void> {
  const path = join(folder, PLAN_FILE);
  await writeFile(`${path}.part`, JSON.stringify(plan));
  await rename(`${path}.part`, path);
}
