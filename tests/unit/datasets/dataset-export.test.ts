/**
 * datasets.export against the embedded service, through a counting proxy: exact class counts
 * with a per-class number, no camera in two splits, one manifest row per file with its SHA-256,
 * size and pixel size, the same seed choosing the same images, and a second run that completes
 * the folder without one request.
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';
import type { Core } from '../../../src/engine/core.ts';
import { sizeFromHeader } from '../../../src/engine/datasets/jpeg-size.ts';
import type { DatasetRequest, DatasetResult } from '../../../src/shared/ipc/datasets.ts';
import { loadTranslator } from '../../../src/shared/i18n/catalogues.ts';
import type { Said } from '../../../src/shared/i18n/translator.ts';
import { startAccountCore } from '../../helpers/core.ts';
import { startCountingProxy, type CountingProxy } from '../../helpers/counting-proxy.ts';
import { demoClient, filesUnder, sha256File, tempDir } from '../../helpers/downloads.ts';
import { apiTest as test } from '../../helpers/fixtures.ts';

const work = tempDir('roadcam-dataset-');
let core: Core;
let proxy: CountingProxy;

test.override({ world: { cameras: 30, hours: 2 } });
test.beforeAll(async ({ service }) => {
  proxy = await startCountingProxy(service.url);
  core = await startAccountCore(join(work.path, 'data'), proxy.url);
});
afterAll(async () => {
  await core.close();
  await proxy.close();
  work.remove();
});

const exportTo = (folder: string, more: Partial<DatasetRequest> = {}): Promise<DatasetResult> =>
  core.api.invoke('datasets.export', {
    query: {},
    label: 'road_weather',
    perClass: 4,
    folder: join(work.path, folder),
    exportId: folder,
    ...more,
  });

interface Row {
  id: string;
  camera: string;
  class: string;
  split: string;
  file: string;
  sha256: string;
  bytes: number;
  width: number;
  height: number;
  longitude: number;
  road_weather: number;
  road_weather_meaning: string;
}

const rowsOf = (folder: string): Row[] =>
  readFileSync(join(work.path, folder, 'manifest.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Row);

/** The images on disk: everything but the manifests, the datasheet and the plan. */
const imagesIn = (folder: string) =>
  filesUnder(join(work.path, folder)).filter((f) => f.endsWith('.jpg'));

test('each class holds exactly the images asked for, or all it has when fewer', async ({
  service,
}) => {
  const result = await exportTo('balanced');
  const direct = demoClient(service.url);
  const counted = await direct.observations.search({ limit: 1, aggs: ['sensors.road_weather'] });
  const matched = new Map(
    counted.properties.aggs['sensors.road_weather']!.map((b) => [Number(b.key), b.doc_count]),
  );
  const rows = rowsOf('balanced');
  expect(result.classes.length).toBeGreaterThan(2);
  for (const c of result.classes) {
    const inClass = rows.filter((r) => r.class === c.name);
    expect(inClass).toHaveLength(Math.min(4, matched.get(c.value)!));
    expect(inClass.every((r) => r.road_weather === c.value)).toBe(true);
  }
  // No report (-1) is left out unless asked for, and the datasheet says how many.
  expect(rows.some((r) => r.road_weather === -1)).toBe(false);
  const noReport = matched.get(-1) ?? 0;
  if (noReport > 0) {
    expect(readFileSync(join(work.path, 'balanced', 'README.md'), 'utf8')).toContain(
      `${noReport} observations with no report`,
    );
  }
});

test('no camera is in two splits', async () => {
  const result = await exportTo('splits', { perClass: 30, split: [0.6, 0.2, 0.2] });
  const splitOf = new Map<string, Set<string>>();
  for (const r of rowsOf('splits')) {
    splitOf.set(r.camera, (splitOf.get(r.camera) ?? new Set()).add(r.split));
  }
  expect([...splitOf.values()].every((s) => s.size === 1)).toBe(true);
  expect(new Set(rowsOf('splits').map((r) => r.split))).toEqual(
    new Set(['train', 'validation', 'test']),
  );
  expect(result.cameras.train + result.cameras.validation + result.cameras.test).toBe(splitOf.size);
});

test('one manifest row per file, with the file’s SHA-256, size and pixel size', async () => {
  await exportTo('balanced');
  const rows = rowsOf('balanced');
  expect(rows.map((r) => r.file).sort()).toEqual(imagesIn('balanced'));
  for (const r of rows) {
    const path = join(work.path, 'balanced', r.file);
    expect(r.file).toBe(`${r.split}/${r.class}/${r.id.replace(/[:]/g, '_')}.jpg`);
    expect(r.sha256).toBe(sha256File(path));
    expect(r.bytes).toBe(statSync(path).size);
    expect({ width: r.width, height: r.height }).toEqual(sizeFromHeader(readFileSync(path)));
    expect(r.width).toBeGreaterThan(0);
  }
  // The CSV holds the same rows, a negative longitude as a number.
  const csv = readFileSync(join(work.path, 'balanced', 'manifest.csv'), 'utf8')
    .trim()
    .split('\r\n');
  expect(csv).toHaveLength(rows.length + 1);
  expect(csv[1]).toContain(`,${rows[0]!.longitude},`);
  expect(csv[1]).toContain(`,${rows[0]!.road_weather_meaning},`);
});

test('run again, the export completes the folder without one request', async () => {
  await exportTo('again');
  const before = rowsOf('again');
  proxy.reset();
  const result = await exportTo('again');
  expect(proxy.counts().requests).toBe(0);
  expect(result.resumed).toBe(true);
  expect(rowsOf('again')).toEqual(before);
});

test('the same seed chooses the same images; another seed others; flat puts them in one folder', async () => {
  await exportTo('seed-a');
  await exportTo('seed-b', { layout: 'flat' });
  await exportTo('seed-c', { seed: 7 });
  const ids = (folder: string) =>
    rowsOf(folder)
      .map((r) => `${r.id} ${r.split}`)
      .sort();
  expect(ids('seed-b')).toEqual(ids('seed-a'));
  expect(ids('seed-c')).not.toEqual(ids('seed-a'));
  expect(imagesIn('seed-b').every((f) => !f.includes('/'))).toBe(true);
});

test('a folder holding another dataset is refused, in words', async () => {
  await exportTo('other');
  await expect(exportTo('other', { label: 'visibility' })).rejects.toThrow(
    /holds a dataset made with other choices .* choose an empty folder/,
  );
  const refusal = (await exportTo('other', { label: 'visibility' }).catch((e: unknown) => e)) as {
    said: Said;
  };
  expect((await loadTranslator('es')).say(refusal.said)).toMatch(
    /contiene un conjunto de datos hecho con otras opciones .* elija una carpeta vacía/,
  );
});

test("a folder with someone else's README.md is refused, and the file is left as it was", async () => {
  const folder = join(work.path, 'notes');
  mkdirSync(folder);
  writeFileSync(join(folder, 'README.md'), 'my notes\n');
  await expect(exportTo('notes')).rejects.toThrow(
    /already holds README\.md, which an export would replace: choose an empty folder/,
  );
  // Said in the user's language: the renderer and the command line say the core's code.
  const refusal = (await exportTo('notes').catch((error: unknown) => error)) as { said: Said };
  expect((await loadTranslator('de')).say(refusal.said)).toBe(
    `${folder} enthält bereits README.md, was ein Export ersetzen würde: Wählen Sie einen leeren Ordner.`,
  );
  expect(readFileSync(join(folder, 'README.md'), 'utf8')).toBe('my notes\n');
});

test('a folder that is not a full path is refused in the user’s language', async () => {
  const refusal = (await core.api
    .invoke('datasets.export', { query: {}, label: 'road_weather', folder: 'set', exportId: 'rel' })
    .catch((error: unknown) => error)) as { said: Said };
  expect((await loadTranslator('fr')).say(refusal.said)).toBe(
    'Le dossier du jeu de données doit être un chemin complet, pas « set ».',
  );
});
