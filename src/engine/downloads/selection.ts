/**
 * Turning what the user chose into the items of a batch: recording features from a search, or
 * pasted ids (looked up for their names); every recording of a query is queue-query.ts's, new
 * recordings of cameras' periods record-cameras.ts's.
 */
import { isoFromMs } from '../../shared/times.ts';
import { said, type Said } from '../../shared/i18n/translator.ts';
import type { Recording, RecordingFormat, RecordingProperties } from '../../shared/api/index.ts';
import type { ExistingPolicy } from '../../shared/ipc/downloads.ts';
import type { ApiClient } from '../api/client.ts';
import { ServiceError } from '../api/errors.ts';
import { InvalidPathValueError } from '../api/path.ts';
import { reasonOf } from './failures.ts';
import type { DownloadWords } from './reasons.ts';
import { alternativeName, checkTemplate, renderName, templateValues } from './naming.ts';

/** The service's maximum recording duration (spec section 8). */
export const MAX_RECORDING_S = 1800;

export interface Chosen {
  recordingId: string;
  /** Absent for an id the service does not know. */
  recording?: Recording;
  /** Why it cannot be downloaded, when that is known already. */
  problem?: Said;
  /** What is known without a recording (one the service refused to make), for its names. */
  planned?: RecordingProperties;
}

export interface PlannedItem {
  recordingId: string;
  format: RecordingFormat;
  name: string;
  state: 'queued' | 'waiting' | 'failed';
  message?: Said;
}

export interface Destination {
  formats: readonly RecordingFormat[];
  folder: string;
  template: string;
  existing: ExistingPolicy;
}

/** One item per recording and format, named by the template; clashing names get " (2)". */
export function planItems(chosen: readonly Chosen[], d: Destination): PlannedItem[] {
  return new ItemPlanner(d).plan(chosen);
}

/**
 * Plans items recording by recording, for a batch filled as lookups return: the names already
 * given are remembered, so that a later recording's clashing name still gets " (2)".
 */
export class ItemPlanner {
  readonly #d: Destination;
  readonly #used = new Set<string>();
  readonly #seen = new Set<string>();

  /** Throws a TemplateError when the template is wrong, before anything is planned. */
  constructor(d: Destination) {
    checkTemplate(d.template);
    this.#d = d;
  }

  plan(chosen: readonly Chosen[]): PlannedItem[] {
    const items: PlannedItem[] = [];
    for (const c of chosen) {
      if (this.#seen.has(c.recordingId)) continue;
      this.#seen.add(c.recordingId);
      for (const format of this.#d.formats) items.push(this.#item(c, format));
    }
    return items;
  }

  #item(c: Chosen, format: RecordingFormat): PlannedItem {
    let name = renderName(
      this.#d.template,
      templateValues(c.recordingId, format, c.recording?.properties ?? c.planned),
    );
    for (let n = 2; this.#used.has(name.toLowerCase()); n++) name = alternativeName(name, n);
    this.#used.add(name.toLowerCase());
    const p = c.recording?.properties;
    let problem = c.problem;
    if (!problem && p?.status === 'failed') {
      problem = said('downloads.reason.recordingFailed', { id: c.recordingId });
    } else if (!problem && p?.status === 'complete' && !p.formats.includes(format)) {
      const formats = p.formats.join(', ');
      problem = said('downloads.reason.noFormat', { id: c.recordingId, format, formats });
    }
    return {
      recordingId: c.recordingId,
      format,
      name,
      // Any status but complete and failed (submitted, or one the interface does not list: its
      // transitions are not shown) waits for the recording to be complete.
      state: problem ? 'failed' : p && p.status !== 'complete' ? 'waiting' : 'queued',
      ...(problem ? { message: problem } : {}),
    };
  }
}

/** Pasted ids without blanks and repeats, in the order given. */
export function uniqueIds(ids: readonly string[]): string[] {
  return [...new Set(ids.map((id) => id.trim()).filter(Boolean))];
}

/** Looks pasted ids up (a few at a time) so that names can use their camera, state and time. */
export async function chooseByIds(
  client: ApiClient,
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<Chosen[]> {
  const unique = uniqueIds(ids);
  const out: Chosen[] = new Array(unique.length);
  await lookUpIds(client, unique, (c, i) => (out[i] = c), { signal });
  return out;
}

export interface LookupOptions {
  signal?: AbortSignal | undefined;
  /**
   * Hands the answers over in the order of the ids (an answer waits for those before it):
   * where names can clash, the first id given keeps the plain name, as in one whole plan.
   */
  inOrder?: boolean;
}

/**
 * Looks unique ids up, 6 at a time, handing each answer to `each` as it arrives (its index in
 * `ids` with it), so that its files can start while the others are looked up. An id the
 * service does not know is handed over with its problem; any other error ends the lookups.
 */
export async function lookUpIds(
  client: ApiClient,
  ids: readonly string[],
  each: (chosen: Chosen, index: number) => void,
  options: LookupOptions = {},
): Promise<void> {
  const held = new Map<number, Chosen>();
  let handed = 0;
  const arrived = (i: number, c: Chosen) => {
    if (!options.inOrder) return each(c, i);
    held.set(i, c);
    for (let h = held.get(handed); h; h = held.get(handed)) {
      held.delete(handed);
      each(h, handed++);
    }
  };
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (next < ids.length && !failed) {
      const i = next++;
      try {
        const chosen = await lookUp(client, ids[i]!, options.signal);
        // Another lookup failed meanwhile: the caller has stopped listening.
        if (failed) return;
        arrived(i, chosen);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(6, ids.length) }, worker));
}

async function lookUp(client: ApiClient, recordingId: string, signal?: AbortSignal) {
  try {
    return { recordingId, recording: await client.recordings.show(recordingId, { signal }) };
  } catch (error) {
    // An id no recording can have ("."): its item fails saying so, the others go on.
    if (error instanceof InvalidPathValueError) return { recordingId, problem: reasonOf(error) };
    if (!(error instanceof ServiceError) || error.status !== 404) throw error;
    return {
      recordingId,
      problem: said('downloads.reason.noRecording', { id: recordingId }),
    };
  }
}

/** The period cut into recordings of at most 30 minutes: [start, duration] in seconds. */
export function splitPeriod(startIso: string, stopIso: string): [string, number][] {
  const start = Date.parse(startIso);
  const stop = Date.parse(stopIso);
  if (!Number.isFinite(start) || !Number.isFinite(stop)) {
    throw new RangeError('Start and stop must be ISO 8601 times, e.g. 2026-11-21T12:00:00Z.');
  }
  if (stop <= start) throw new RangeError('The period must end after it starts.');
  if (stop - start > 24 * 3600_000) {
    throw new RangeError('Record at most 24 hours at a time (48 recordings of 30 minutes).');
  }
  const parts: [string, number][] = [];
  for (let t = start; t < stop; t += MAX_RECORDING_S * 1000) {
    const duration = Math.min(MAX_RECORDING_S, Math.ceil((stop - t) / 1000));
    parts.push([isoFromMs(t), duration]);
  }
  return parts;
}

export interface NewBatchRequest extends Destination {
  label: DownloadWords;
  /** Finds an existing batch with this key instead of creating another (CLI re-runs). */
  key?: string;
  chosen: readonly Chosen[];
}

/** A kept collection's sync: its missing images, named as its store chose. */
export interface OfflineImagesRequest {
  /** Finds the collection's batch again on the next sync. */
  key: string;
  label: DownloadWords;
  folder: string;
  collectionId: string;
  images: readonly { image: string; name: string }[];
}
