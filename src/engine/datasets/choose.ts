/**
 * Which observations make the dataset: the classes counted first with one search's
 * aggregation of the label (interface 4.0), then each class read with the interface's sensor
 * filter (at most MAX_CLASS_CANDIDATES, the newest first) and sampled with the seed.
 */
import { SaidError } from '../../shared/i18n/said-error.ts';
import { said } from '../../shared/i18n/translator.ts';
import type { Observation, ObservationSearchParams } from '../../shared/api/index.ts';
import {
  MAX_CLASS_CANDIDATES,
  MAX_DATASET_ITEMS,
  type DatasetOptions,
} from '../../shared/ipc/datasets.ts';
import type { ApiClient } from '../api/client.ts';
import { datasetClasses, type DatasetClass } from './classes.ts';
import { seededOrder } from './sample.ts';

export interface ChosenClass extends DatasetClass {
  /** Observations the query matches with this value. */
  matched: number;
  /** Read from the service (at most MAX_CLASS_CANDIDATES). */
  candidates: number;
  chosen: Observation[];
}

export interface Choice {
  classes: ChosenClass[];
  /** Observations with no report (-1) the query matched and the dataset leaves out. */
  noReport: number;
}

type Report = (done: number, total: number) => void;

export async function chooseObservations(
  client: ApiClient,
  o: DatasetOptions,
  report: { counting: Report; choosing: Report },
  signal?: AbortSignal,
): Promise<Choice> {
  const all = datasetClasses(o.label, true);
  report.counting(0, 1);
  const counts = await countClasses(client, o, signal);
  report.counting(1, 1);
  const wanted = datasetClasses(o.label, o.includeNoReport).filter(
    (c) => (counts.get(c.value) ?? 0) > 0,
  );
  const planned = wanted.reduce(
    (sum, c) => sum + Math.min(counts.get(c.value)!, o.perClass ?? Infinity),
    0,
  );
  if (planned > MAX_DATASET_ITEMS) {
    throw new SaidError(said('datasets.refused.tooMany', { planned, most: MAX_DATASET_ITEMS }));
  }
  const classes: ChosenClass[] = [];
  for (const [i, c] of wanted.entries()) {
    report.choosing(i, wanted.length);
    const candidates = await readClass(client, o, c.value, signal);
    const ordered = seededOrder(candidates, o.seed, (x) => x.id);
    const chosen = ordered.slice(0, o.perClass ?? MAX_CLASS_CANDIDATES);
    classes.push({ ...c, matched: counts.get(c.value)!, candidates: candidates.length, chosen });
  }
  report.choosing(wanted.length, wanted.length);
  const noReportClass = all.find((c) => c.value === -1);
  const noReport = o.includeNoReport || !noReportClass ? 0 : (counts.get(-1) ?? 0);
  return { classes, noReport };
}

/** The query's own parameters, without paging, sorting or aggregations of the caller's. */
function baseQuery(o: DatasetOptions): ObservationSearchParams {
  const callers = new Set(['limit', 'skip', 'sort', 'sort_dir', 'aggs']);
  return Object.fromEntries(
    Object.entries(o.query).filter(([name]) => !callers.has(name)),
  ) as ObservationSearchParams;
}

/** Matches per label value: the aggregation, or one search per class where it is missing. */
async function countClasses(
  client: ApiClient,
  o: DatasetOptions,
  signal?: AbortSignal,
): Promise<Map<number, number>> {
  const aggName = `sensors.${o.label}`;
  const page = await client.observations.search(
    { ...baseQuery(o), limit: 1, aggs: [aggName] } as ObservationSearchParams,
    { signal },
  );
  const buckets = page.properties.aggs?.[aggName];
  const counts = new Map<number, number>();
  if (buckets) {
    for (const b of buckets) counts.set(Number(b.key), b.doc_count);
    return counts;
  }
  // A service that refused the aggregation: each class's total is counted by its own search.
  for (const c of datasetClasses(o.label, true)) {
    const one = await client.observations.search(classQuery(o, c.value, 1), { signal });
    counts.set(c.value, one.properties.total);
  }
  return counts;
}

function classQuery(o: DatasetOptions, value: number, limit: number): ObservationSearchParams {
  const base = baseQuery(o);
  return {
    ...base,
    sensors: { ...base.sensors, [o.label]: value },
    limit,
    sort: 'time',
    sort_dir: 'desc',
  };
}

/** A class's candidates, the newest first, page by page up to the paging ceiling. */
async function readClass(
  client: ApiClient,
  o: DatasetOptions,
  value: number,
  signal?: AbortSignal,
): Promise<Observation[]> {
  const out: Observation[] = [];
  for await (const feature of client.observations.iterate(classQuery(o, value, 100), { signal })) {
    // The service's filter is trusted for the count, but a row with another value is not kept.
    if (feature.properties.sensors[o.label]?.data !== value) continue;
    out.push(feature);
    if (out.length >= MAX_CLASS_CANDIDATES) break;
  }
  return out;
}
