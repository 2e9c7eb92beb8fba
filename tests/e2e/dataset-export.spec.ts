import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

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
  await page.getByText('Observations', { exact: true }).first().click();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('result-total')).not.toHaveText('0');
  await page.getByRole('button', { name: 'Export as dataset' }).click();

  const dialog = page.getByRole('dialog', { name: 'Export as dataset' });
  await dialog.getByLabel('Label').selectOption('road_weather');
  await dialog.getByLabel('Images per class (empty: all)').fill('3');
  await dialog.getByLabel('Folder').fill(folder);
  expect(await seriousViolations(page, dialog)).toEqual([]);
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();

  const done = dialog.getByTestId('dataset-result');
  await expect(done).toContainText(`images in ${folder}`, { timeout: 120_000 });
  await page.screenshot({ path: testInfo.outputPath('dataset-export.png') });
  await page.setViewportSize({ width: 1400, height: 900 });
  await dialog.screenshot({ path: 'docs/screenshots/dataset-export.png' });

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
  await expect(done).toContainText(`${rows.length} images`);

  // Browser mode opens nothing on the server's desktop: the dialog says where the folder is.
  await done.getByRole('button', { name: 'Open folder' }).click();
  await expect(done).toContainText(`The dataset is in ${folder}.`);
});

// Cancel while the images come: the dialog says what was kept and that running the same export
// again completes it, and the form is there to do so.
test('Cancel stops a running export, saying what it kept', async ({ page, roadcam }) => {
  test.setTimeout(240_000);
  const folder = join(roadcam.dataDir, 'canceled');
  await page.goto(`${roadcam.url}#/map?at=39.5,-98.35,4`);
  await page.getByText('Observations', { exact: true }).first().click();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('result-total')).not.toHaveText('0');
  await page.getByRole('button', { name: 'Export as dataset' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export as dataset' });
  // Every observation (hundreds of images): the cancel comes long before the end.
  await dialog.getByLabel('Images per class (empty: all)').fill('');
  await dialog.getByLabel('Folder').fill(folder);
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(dialog.getByRole('status')).toContainText(/Images: [1-9]\d* of \d+/, {
    timeout: 120_000,
  });
  await dialog.getByRole('button', { name: 'Cancel the export' }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    /The export was canceled: \d+ of \d+ images are kept in .*canceled\. Run the same export again to complete it/,
  );
  await expect(dialog.getByRole('button', { name: 'Export', exact: true })).toBeEnabled();
});
