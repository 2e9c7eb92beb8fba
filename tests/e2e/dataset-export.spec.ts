import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { docsScreenshot, say } from './say.ts';
import { ANY_NUMBER, sayPattern } from './say-pattern.ts';

// The Map's observation results exported as a dataset in browser mode (the folder typed, inside
// the data folder the test's policy allows): the files on disk, the manifest, the datasheet.
test('Export as dataset writes the images, one manifest row each, and a datasheet', async ({
  page,
  roadcam,
}, testInfo) => {
  // Images fetched and axe run on a machine shared with others: more than the default minute.
  test.setTimeout(240_000);
  const folder = join(roadcam.dataDir, 'dataset');
  await page.goto(`${roadcam.url}#/map?at=39.5,-98.35,4`);
  await page.getByText(say('map.layer.observations'), { exact: true }).first().click();
  await page.getByRole('button', { name: say('search.tab'), exact: true }).click();
  await expect(page.getByTestId('result-total')).not.toHaveText('0');
  await page.getByRole('button', { name: say('search.results.export') }).click();

  const dialog = page.getByRole('dialog', { name: say('datasets.title') });
  await dialog.getByLabel(say('datasets.label')).selectOption('road_weather');
  await dialog.getByLabel(say('datasets.perClass')).fill('3');
  await dialog.getByLabel(say('datasets.folder')).fill(folder);
  expect(await seriousViolations(page, dialog)).toEqual([]);
  await dialog.getByRole('button', { name: say('datasets.export'), exact: true }).click();

  const done = dialog.getByTestId('dataset-result');
  const result = (files: number | RegExp) =>
    sayPattern('datasets.result', {
      files,
      folder,
      train: ANY_NUMBER,
      validation: ANY_NUMBER,
      test: ANY_NUMBER,
    });
  await expect(done).toContainText(result(ANY_NUMBER), { timeout: 120_000 });
  await page.screenshot({ path: testInfo.outputPath('dataset-export.png') });
  await page.setViewportSize({ width: 1400, height: 900 });
  await dialog.screenshot({ path: docsScreenshot('dataset-export.png') });

  const rows = readFileSync(join(folder, 'manifest.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { file: string; class: string; split: string });
  const perClass = new Map<string, number>();
  for (const r of rows) perClass.set(r.class, (perClass.get(r.class) ?? 0) + 1);
  expect([...perClass.values()].every((n) => n <= 3)).toBe(true);
  const images = (readdirSync(folder, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.jpg'))
    .map((f) => f.split('\\').join('/'))
    .sort();
  expect(rows.map((r) => r.file).sort()).toEqual(images);
  expect(readFileSync(join(folder, 'README.md'), 'utf8')).toContain('## Counts');
  await expect(done).toContainText(result(rows.length));

  // Browser mode opens nothing on the server's desktop: the dialog says where the folder is.
  await done.getByRole('button', { name: say('datasets.openFolder') }).click();
  await expect(done).toContainText(say('datasets.openedAt', { folder }));
});

// Cancel while the images come: the dialog says what was kept and that running the same export
// again completes it, and the form is there to do so.
test('Cancel stops a running export, saying what it kept', async ({ page, roadcam }) => {
  test.setTimeout(240_000);
  const folder = join(roadcam.dataDir, 'canceled');
  await page.goto(`${roadcam.url}#/map?at=39.5,-98.35,4`);
  await page.getByText(say('map.layer.observations'), { exact: true }).first().click();
  await page.getByRole('button', { name: say('search.tab'), exact: true }).click();
  await expect(page.getByTestId('result-total')).not.toHaveText('0');
  await page.getByRole('button', { name: say('search.results.export') }).click();
  const dialog = page.getByRole('dialog', { name: say('datasets.title') });
  // Every observation (hundreds of images): the cancel comes long before the end.
  await dialog.getByLabel(say('datasets.perClass')).fill('');
  await dialog.getByLabel(say('datasets.folder')).fill(folder);
  await dialog.getByRole('button', { name: say('datasets.export'), exact: true }).click();
  const phase = say('datasets.phase.images');
  const progress = sayPattern('datasets.progress', {
    phase,
    done: /[1-9][\d,]*/,
    total: ANY_NUMBER,
  });
  await expect(dialog.getByRole('status')).toContainText(progress, {
    timeout: 120_000,
  });
  await dialog.getByRole('button', { name: say('datasets.stop') }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    sayPattern('datasets.canceled', { done: ANY_NUMBER, total: ANY_NUMBER, folder: /.*canceled/ }),
  );
  await expect(
    dialog.getByRole('button', { name: say('datasets.export'), exact: true }),
  ).toBeEnabled();
});
