/**
 * A newcomer's first hour on the wall, by role and label as a person works: empty places offer
 * to add a camera, a full wall says so and asks (a larger layout, or a camera replaced) instead
 * of growing behind their back, an add from elsewhere (`#/wall?add=ID`, the Map panel's route)
 * asks the same, a rename says "Saved" once written or what is wrong at the field, and the
 * tiles' bars never cover the picture (cameras print their capture time on it).
 */
import type { Locator, Page } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { expect, openView, test } from './fixtures.ts';

const grid = (page: Page) => page.getByRole('group', { name: /^Camera wall/ });
const tiles = (page: Page) => page.locator('[data-tile]');
const picker = (page: Page) => page.getByRole('complementary', { name: 'Add cameras' });

/** The picker's first camera not on the wall yet; its Add button reads "Add" or "Add…". */
function nextAdd(page: Page): Locator {
  return picker(page)
    .getByRole('list', { name: 'Search results' })
    .getByRole('button', { name: /^Add/ })
    .first();
}

async function tileIds(page: Page): Promise<string[]> {
  return tiles(page).evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset['cameraId']!));
}

/** Opens the picker on a search with enough cameras for a full wall and more. */
async function searchCameras(page: Page): Promise<void> {
  await picker(page).getByRole('searchbox', { name: 'Search cameras' }).fill('US');
  await expect(
    picker(page).getByRole('list', { name: 'Search results' }).getByRole('listitem'),
  ).toHaveCount(20);
}

test('empty places offer a camera; a full wall asks before it changes', async ({
  page,
  roadcam,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.goto(`${roadcam.url}#/wall`);
  await page.getByRole('button', { name: 'Add cameras' }).first().click();
  await searchCameras(page);
  await nextAdd(page).click();
  await expect(tiles(page)).toHaveCount(1);
  await picker(page).getByRole('button', { name: 'Close' }).click();

  // A 3 × 3 wall of one camera: eight places, each offering to add one.
  await page.getByRole('radio', { name: '3 × 3' }).click();
  const addHere = grid(page).getByRole('button', { name: 'Add a camera' });
  await expect(addHere).toHaveCount(8);
  await addHere.last().click();
  await expect(picker(page)).toBeVisible();
  await expect(picker(page).getByRole('status').first()).toHaveText('1 of 9 places used.');
  await searchCameras(page);
  for (let n = 2; n <= 9; n++) {
    await nextAdd(page).click();
    await expect(tiles(page)).toHaveCount(n);
  }
  await expect(addHere).toHaveCount(0);

  // Full: the picker says so, and its Add leads to the choice.
  const room = picker(page).locator('#picker-room');
  await expect(room).toHaveText(
    'The wall is full (9 of 9): Add asks whether to make it 4 × 4 or replace a camera.',
  );
  await expect(nextAdd(page)).toHaveText('Add…');
  await expect(nextAdd(page)).toHaveAccessibleDescription(/The wall is full \(9 of 9\)/);
  const before = await tileIds(page);
  const tenth = (await nextAdd(page).locator('xpath=..').locator('strong').textContent())!;
  await nextAdd(page).click();

  // Nothing changed yet: the wall says what would, and asks.
  const choice = page.getByRole('group', { name: `Adding ${tenth}` });
  await expect(choice).toContainText(
    `Adding ${tenth}: The wall is full (9 of 9). Make it 4 × 4, or replace a camera?`,
  );
  await expect(page.getByRole('radio', { name: '3 × 3' })).toHaveAttribute('aria-checked', 'true');
  expect(await tileIds(page)).toEqual(before);
  await expect(choice.getByRole('button', { name: 'Make it 4 × 4' })).toBeFocused();
  expect(await seriousViolations(page, page.locator('.wall-view'))).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('wall-full-choice.png') });

  // Replace: every tile offers itself; the chosen one takes the new camera, in its place.
  await choice.getByRole('button', { name: 'Replace a camera…' }).click();
  await expect(choice).toContainText(`Choose the tile that ${tenth} replaces.`);
  const second = (await tiles(page).nth(1).locator('h3').textContent())!;
  const replaceButtons = grid(page).getByRole('button', { name: /^Replace .* with / });
  await expect(replaceButtons).toHaveCount(9);
  expect(await seriousViolations(page, page.locator('.wall-view'))).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('wall-replace.png') });
  await grid(page)
    .getByRole('button', { name: `Replace ${second} with ${tenth}` })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Replaced' })).toContainText(
    `Replaced ${second} with ${tenth}.`,
  );
  await expect(tiles(page)).toHaveCount(9);
  await expect(tiles(page).nth(1).locator('h3')).toHaveText(tenth);
  await expect(replaceButtons).toHaveCount(0);

  // An add from elsewhere (the Map panel's route) asks the same; growing is one button away.
  const spare = await picker(page)
    .getByRole('list', { name: 'Search results' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: 'Add…' }) })
    .first()
    .locator('small')
    .textContent();
  const spareId = / · (\S+) · /.exec(spare!)![1]!;
  await picker(page).getByRole('button', { name: 'Close' }).click();
  await openView(page, roadcam.url, `#/wall?add=${spareId}`);
  const grow = page.getByRole('button', { name: 'Make it 4 × 4' });
  await expect(grow).toBeVisible();
  await expect(tiles(page)).toHaveCount(9);
  await grow.click();
  await expect(page.getByRole('radio', { name: '4 × 4' })).toHaveAttribute('aria-checked', 'true');
  await expect(tiles(page)).toHaveCount(10);
  expect(await tileIds(page)).toContain(spareId);
  await expect(addHere).toHaveCount(6);
});

test('a rename says Saved once written, and an empty name is refused at the field', async ({
  page,
  roadcam,
}) => {
  // A first visit: a new wall, not saved yet and without a camera; naming it saves it.
  await page.goto(`${roadcam.url}#/wall`);
  await expect(page.getByLabel('Saved walls')).toContainText('My wall (not saved)');
  const name = page.getByRole('textbox', { name: 'Wall name' });
  await name.fill('Morning commute');
  await name.press('Enter');
  await expect(name).toHaveAccessibleDescription('Saved');
  await expect(page.getByLabel('Saved walls')).toContainText('Morning commute');
  await name.fill('Evening');
  await expect(name).not.toHaveAccessibleDescription('Saved');

  await name.fill('   ');
  await name.press('Enter');
  await expect(name).toHaveAccessibleDescription('A wall needs a name: type one.');
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert')).toHaveText('A wall needs a name: type one.');
  expect(await seriousViolations(page, page.getByRole('toolbar', { name: 'Wall' }))).toEqual([]);

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Wall name' })).toHaveValue('Morning commute');
});

test("tiles' bars leave the picture alone, and small tiles keep most of it", async ({
  page,
  roadcam,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.goto(`${roadcam.url}#/wall`);
  // Sixteen still cameras: sixteen videos would be a load this test is not about.
  const stillIds = new Set<string>();
  for (const words of ['US', 'Exit', 'Main', 'Ave']) {
    // A picker opened afresh lists nothing until the answer to these words.
    await page.getByRole('button', { name: 'Add cameras' }).first().click();
    await picker(page).getByRole('searchbox', { name: 'Search cameras' }).fill(words);
    const results = picker(page).getByRole('list', { name: 'Search results' }).locator('small');
    await expect(results.first()).toBeVisible();
    for (const text of await results.allTextContents()) {
      const [, id, kind] = / · (\S+) · (.+)$/.exec(text) ?? [];
      if (id && kind === 'still images') stillIds.add(id);
    }
    await picker(page).getByRole('button', { name: 'Close' }).click();
    if (stillIds.size >= 16) break;
  }
  const ids = [...stillIds].slice(0, 16);
  expect(ids).toHaveLength(16);
  await openView(page, roadcam.url, `#/wall?cameras=${ids.join(',')}&layout=4x4`);
  await expect(tiles(page)).toHaveCount(16);
  // Every tile's capture time is said, in the bar under its picture.
  await expect(page.locator('[data-tile] .age')).toHaveCount(16);
  await expect(page.locator('[data-tile] .age').first()).toHaveText(/^\d\d:\d\d · \d+ s ago$/);
  await expect(tiles(page).locator('[data-sensor]').first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('wall-4x4-small.png') });

  // Measured in one go in the page: tiles change state (and bars their words) as they play.
  const measured = await tiles(page).evaluateAll((els) =>
    els.map((tile) => {
      const box = tile.getBoundingClientRect();
      const media = tile.querySelector('.media')!.getBoundingClientRect();
      const bars = [...tile.querySelectorAll('.age, [data-sensor], .pill')].map((bar) => {
        const b = bar.getBoundingClientRect();
        return { text: bar.textContent, over: b.top < media.bottom && b.bottom > media.top };
      });
      return {
        id: (tile as HTMLElement).dataset['cameraId'],
        share: media.height / box.height,
        bars,
      };
    }),
  );
  expect(measured).toHaveLength(16);
  for (const { id, share, bars } of measured) {
    // The picture keeps most of a small tile: title, badges and caption take a line each.
    expect(share, `the picture's share of ${id}`).toBeGreaterThan(0.55);
    // Nothing of the bars lies over the picture, where cameras print their capture time.
    expect(
      bars.filter((b) => b.over).map((b) => b.text),
      `bars over ${id}`,
    ).toEqual([]);
  }
});
