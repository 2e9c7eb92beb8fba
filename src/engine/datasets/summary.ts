/** What an export made, in figures and words: the result the front ends show, and the datasheet's. */
import {
  DATASET_SPLITS,
  type DatasetClassCount,
  type DatasetLeftOut,
  type DatasetOptions,
  type DatasetResult,
  type DatasetSplit,
} from '../../shared/ipc/datasets.ts';
import type { ManifestRow } from './manifest.ts';
import type { DatasetPlan } from './plan.ts';

/** Failures named one by one in the datasheet at most; the rest are counted. */
const FAILURES_NAMED = 20;

export function summariseDataset(
  o: DatasetOptions,
  plan: DatasetPlan,
  rows: readonly ManifestRow[],
  failures: readonly string[],
  resumed: boolean,
): DatasetResult {
  const classes: DatasetClassCount[] = plan.classes.map((c) => ({
    value: c.value,
    name: c.name,
    meaning: c.meaning,
    matched: c.matched,
    splits: { train: 0, validation: 0, test: 0 },
  }));
  const cameras = new Map<DatasetSplit, Set<string>>(DATASET_SPLITS.map((s) => [s, new Set()]));
  const times: string[] = [];
  for (const row of rows) {
    const split = row.split as DatasetSplit;
    const c = classes.find((k) => k.name === row.class);
    if (c) c.splits[split]++;
    cameras.get(split)!.add(String(row.camera));
    if (typeof row.time === 'string') times.push(row.time);
  }
  times.sort();
  return {
    folder: o.folder,
    label: o.label,
    files: rows.length,
    failed: failures.length,
    cameras: Object.fromEntries(
      DATASET_SPLITS.map((s) => [s, cameras.get(s)!.size]),
    ) as DatasetResult['cameras'],
    classes,
    leftOut: leftOut(o, plan, failures),
    timeSpan: times.length ? { first: times[0]!, last: times.at(-1)! } : null,
    resumed,
  };
}

function leftOut(
  o: DatasetOptions,
  plan: DatasetPlan,
  failures: readonly string[],
): DatasetLeftOut[] {
  const out: DatasetLeftOut[] = [];
  if (plan.noReport > 0) {
    out.push({
      reason: 'no-report',
      count: plan.noReport,
      words: `${plan.noReport} observations with no report (-1: image quality or content) are left out; include them as a class with "Include no report" (--include-no-report on the command line).`,
    });
  }
  for (const c of plan.classes) {
    if (c.candidates < c.matched && (o.perClass === undefined || c.candidates < o.perClass)) {
      out.push({
        reason: 'candidates',
        count: c.matched - c.candidates,
        words: `${c.name}: ${c.matched} match; the images were chosen among the newest ${c.candidates} (the service pages through ${c.candidates} at most).`,
      });
    } else if (o.perClass !== undefined && c.matched > c.chosen) {
      out.push({
        reason: 'cap',
        count: c.matched - c.chosen,
        words: `${c.name}: ${c.matched} match; ${c.chosen} chosen with the seed (${o.perClass} per class), ${c.matched - c.chosen} left out.`,
      });
    }
    if (o.perClass !== undefined && c.chosen < o.perClass) {
      out.push({
        reason: 'cap',
        count: 0,
        words: `${c.name}: only ${c.chosen} images, fewer than the ${o.perClass} asked for per class.`,
      });
    }
  }
  if (failures.length > 0) {
    const named = failures
      .slice(0, FAILURES_NAMED)
      .map((f) => `\n  - ${f}`)
      .join('');
    const more =
      failures.length > FAILURES_NAMED ? `\n  - and ${failures.length - FAILURES_NAMED} more` : '';
    out.push({
      reason: 'failed',
      count: failures.length,
      words: `${failures.length} images could not be fetched (run the export again to retry them):${named}${more}`,
    });
  }
  return out;
}
