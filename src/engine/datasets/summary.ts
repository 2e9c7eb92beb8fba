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
import { english } from '../../shared/i18n/english.ts';
import { said, saidWithin, type Said } from '../../shared/i18n/translator.ts';
import { sensorWord } from '../../shared/sensors.ts';

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
    out.push(
      leftOutBy(
        'no-report',
        plan.noReport,
        said('datasets.leftOut.noReport', { count: plan.noReport }),
      ),
    );
  }
  for (const c of plan.classes) {
    if (c.candidates < c.matched && (o.perClass === undefined || c.candidates < o.perClass)) {
      const { name, matched, candidates } = c;
      const words = said('datasets.leftOut.candidates', {
        class: classWords(o, c),
        name,
        matched,
        candidates,
      });
      out.push(leftOutBy('candidates', matched - candidates, words));
    } else if (o.perClass !== undefined && c.matched > c.chosen) {
      const { name, matched, chosen } = c;
      const left = matched - chosen;
      const words = said('datasets.leftOut.cap', {
        class: classWords(o, c),
        name,
        matched,
        chosen,
        perClass: o.perClass,
        left,
      });
      out.push(leftOutBy('cap', left, words));
    }
    if (o.perClass !== undefined && c.chosen < o.perClass) {
      const words = said('datasets.leftOut.fewer', {
        class: classWords(o, c),
        name: c.name,
        chosen: c.chosen,
        perClass: o.perClass,
      });
      out.push(leftOutBy('cap', 0, words));
    }
  }
  if (failures.length > 0) {
    const named = failures
      .slice(0, FAILURES_NAMED)
      .map((f) => `\n  - ${f}`)
      .join('');
    const more = Math.max(0, failures.length - FAILURES_NAMED);
    const count = failures.length;
    out.push(leftOutBy('failed', count, said('datasets.leftOut.failed', { count, named, more })));
  }
  return out;
}

/** A class's word in the user's language (docs/glossary.md); its id (the folder) stays beside it. */
function classWords(o: DatasetOptions, c: { value: number }): string {
  const word = sensorWord(o.label, c.value);
  return word ? saidWithin({ code: word, params: {} }) : String(c.value);
}

function leftOutBy(reason: DatasetLeftOut['reason'], count: number, words: Said): DatasetLeftOut {
  return { reason, count, words: english.say(words), said: words };
}
