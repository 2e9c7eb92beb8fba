/**
 * One dataset export: the plan (made, or read from an earlier run in the folder), its images
 * queued as one batch of the download engine (resume, retries, disk reserve, failures kept),
 * then, once the batch settles, the manifests and the datasheet of the files on disk.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { english } from '../../shared/i18n/english.ts';
import { SaidError } from '../../shared/i18n/said-error.ts';
import { said, type Said } from '../../shared/i18n/translator.ts';
import type { DatasetOptions, DatasetProgress, DatasetResult } from '../../shared/ipc/datasets.ts';
import type { ApiClient } from '../api/client.ts';
import type { DownloadManager } from '../downloads/manager.ts';
import type { Log } from '../log.ts';
import { chooseObservations } from './choose.ts';
import { datasheetText } from './datasheet.ts';
import { manifestRow, writeManifests, writeWhole, type ManifestRow } from './manifest.ts';
import { fingerprintOf, makePlan, readPlan, writePlan, type DatasetPlan } from './plan.ts';
import { summariseDataset } from './summary.ts';
import { changedFiles } from './verify.ts';

interface FetchedImages {
  rows: ManifestRow[];
  /** "file: why", for each planned image without its file. */
  failures: string[];
}

export interface DatasetDeps {
  client: ApiClient;
  manager: DownloadManager;
  log: Log;
  progress: (p: DatasetProgress) => void;
}

/** The images of the plan, and how many of them are on disk: what a cancel says it kept. */
interface Tally {
  done: number;
  total: number;
}

export async function exportDataset(
  deps: DatasetDeps,
  o: DatasetOptions,
  signal?: AbortSignal,
): Promise<DatasetResult> {
  const tally: Tally = { done: 0, total: 0 };
  try {
    return await exportOnce(deps, o, tally, signal);
  } catch (error) {
    if (!signal?.aborted) throw error;
    deps.log(`dataset export canceled: ${tally.done} of ${tally.total} images kept in ${o.folder}`);
    throw new ExportCanceled(canceledSaid(o.folder, tally), error);
  }
}

/** A canceled export: `said` tells the user what it kept, in their language; `message` in English. */
class ExportCanceled extends Error {
  override readonly name = 'ExportCanceled';
  readonly said: Said;

  constructor(said: Said, cause: unknown) {
    super(english.say(said), { cause });
    this.said = said;
  }
}

function canceledSaid(folder: string, { done, total }: Tally): Said {
  if (total === 0) return said('datasets.canceledEmpty');
  return said('datasets.canceled', { done, total, folder });
}

async function exportOnce(
  deps: DatasetDeps,
  o: DatasetOptions,
  tally: Tally,
  signal?: AbortSignal,
): Promise<DatasetResult> {
  const say = (phase: DatasetProgress['phase'], done: number, total: number) =>
    deps.progress({ exportId: o.exportId, phase, done, total });
  const fingerprint = fingerprintOf(o);
  const earlier = await readPlan(o.folder, fingerprint);
  if (earlier === null) refuseFilesOfOthers(o.folder);
  const plan = earlier ?? (await newPlan(deps.client, o, say, signal));
  if (plan.images.length === 0) {
    const noReport = o.includeNoReport ? 'yes' : 'no';
    throw new SaidError(said('datasets.refused.noMatch', { noReport }));
  }
  const { rows, failures } = await fetchImages(deps, o, plan, { fingerprint, tally, say }, signal);
  say('writing', 0, 1);
  const result = summariseDataset(o, plan, rows, failures, earlier !== null);
  await writeManifests(o.folder, rows);
  await writeWhole(join(o.folder, 'README.md'), datasheetText(o, result));
  say('writing', 1, 1);
  deps.log(`dataset exported: ${result.files} images, ${result.failed} failed, in ${o.folder}`);
  return result;
}

/** The files an export writes whole; a rerun replaces its own, never someone else's. */
const WRITTEN = ['README.md', 'manifest.csv', 'manifest.jsonl'];

/** A new export into a folder that already holds a file of those names (not one of ours). */
function refuseFilesOfOthers(folder: string): void {
  const taken = WRITTEN.filter((name) => existsSync(join(folder, name)));
  if (taken.length > 0) {
    throw new SaidError(said('datasets.refused.folderTaken', { folder, names: taken.join(', ') }));
  }
}

async function newPlan(
  client: ApiClient,
  o: DatasetOptions,
  say: (phase: DatasetProgress['phase'], done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<DatasetPlan> {
  const choice = await chooseObservations(
    client,
    o,
    { counting: (d, t) => say('counting', d, t), choosing: (d, t) => say('choosing', d, t) },
    signal,
  );
  const plan = makePlan(o, choice);
  // Before any image: a run killed from here on finds the same images again.
  if (plan.images.length > 0) await writePlan(o.folder, plan);
  return plan;
}

/** Queues the plan's images (found again by the batch's key) and waits for the batch. */
async function fetchImages(
  deps: DatasetDeps,
  o: DatasetOptions,
  plan: DatasetPlan,
  run: {
    fingerprint: string;
    tally: Tally;
    say: (phase: DatasetProgress['phase'], done: number, total: number) => void;
  },
  signal?: AbortSignal,
): Promise<FetchedImages> {
  const { manager } = deps;
  const { tally, say } = run;
  const key = `dataset:${createHash('sha256').update(`${o.folder}\n${run.fingerprint}`).digest('hex')}`;
  const batchId = manager.enqueuePreviews({
    key,
    label: `Dataset (${o.label}, ${plan.images.length} images)`,
    folder: o.folder,
    previews: plan.images.map((i) => ({ observationId: i.id, name: i.file })),
  });
  // A file an earlier run completed and the user deleted or changed since is fetched again.
  manager.refetch(await changedFiles(o.folder, manager.store.itemsOfBatch(batchId)));
  if (!manager.running) {
    throw new SaidError(said('datasets.refused.otherQueue'));
  }
  tally.total = plan.images.length;
  tally.done = manager.store.itemsOfBatch(batchId).filter((i) => i.state === 'completed').length;
  say('images', tally.done, tally.total);
  const stop = manager.follow(batchId, {
    onCompleted: () => say('images', ++tally.done, tally.total),
  });
  try {
    await manager.settled(batchId, signal);
  } catch (error) {
    // Canceled: the queue stops fetching; what is on disk stays for the rerun to complete.
    if (signal?.aborted) manager.cancel({ batchId });
    throw error;
  } finally {
    stop();
  }
  const byName = new Map(manager.store.itemsOfBatch(batchId).map((i) => [i.name, i]));
  const rows: ManifestRow[] = [];
  const failures: string[] = [];
  for (const image of plan.images) {
    const item = byName.get(image.file);
    if (item?.state === 'completed') rows.push(await manifestRow(o.folder, image, item.sha256));
    else
      failures.push(
        `${image.file}: ${item?.message ?? `not fetched (${item?.state ?? 'not queued'})`}`,
      );
  }
  return { rows, failures };
}
