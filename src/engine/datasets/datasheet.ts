/**
 * The datasheet (README.md in the dataset's folder): what the dataset is, the query that chose
 * it, its counts per class and split, its cameras and time span, what was left out and why, and
 * how to make it again.
 */
import {
  DATASET_SPLITS,
  type DatasetOptions,
  type DatasetResult,
} from '../../shared/ipc/datasets.ts';

export function datasheetText(o: DatasetOptions, r: DatasetResult): string {
  const rows = r.classes.map(
    (c) =>
      `| ${c.name} | ${c.value} | ${c.meaning} | ${c.matched} | ${DATASET_SPLITS.map((s) => c.splits[s]).join(' | ')} |`,
  );
  const total = (s: (typeof DATASET_SPLITS)[number]) =>
    r.classes.reduce((sum, c) => sum + c.splits[s], 0);
  return [
    `# Road-camera dataset: ${o.label}`,
    '',
    `${r.files} preview images of road-camera observations, labelled by the sensor ` +
      `\`${o.label}\` (the service derives it from the camera image). One row per image in ` +
      'manifest.csv and manifest.jsonl (the same rows), with every sensor, the place, the ' +
      'time, the SHA-256 and the pixel size of its file.',
    '',
    '## Query',
    '',
    '```json',
    JSON.stringify(o.query, null, 2),
    '```',
    '',
    `Label: ${o.label}. Images per class: ${o.perClass ?? 'all that match'}. ` +
      `Seed: ${o.seed}. Split (train, validation, test): ${o.split.join(', ')}, by camera. ` +
      `Layout: ${o.layout === 'flat' ? 'flat (one folder)' : 'split/class/file'}. ` +
      `No report (-1): ${o.includeNoReport ? 'a class of its own' : 'left out'}.`,
    '',
    '## Counts',
    '',
    '| Class | Value | Meaning | Matched | Train | Validation | Test |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    `| All | | | ${r.classes.reduce((s, c) => s + c.matched, 0)} | ${DATASET_SPLITS.map(total).join(' | ')} |`,
    '',
    `Cameras: ${DATASET_SPLITS.map((s) => `${r.cameras[s]} in ${s}`).join(', ')}; no camera is in two splits.`,
    '',
    r.timeSpan
      ? `Time span: ${r.timeSpan.first} to ${r.timeSpan.last} (UTC).`
      : 'Time span: none (no images).',
    '',
    '## Left out',
    '',
    ...(r.leftOut.length ? r.leftOut.map((l) => `- ${l.words}`) : ['- Nothing.']),
    '',
    '## Made again',
    '',
    'The same query, label, images per class, split, seed and layout choose the same images. ' +
      'The plan of this folder (.roadcam-dataset.json) holds them: running the export again ' +
      'into this folder fetches only what is missing.',
    '',
  ].join('\n');
}
