/**
 * "My route" in a real Chromium on browser mode: a route imported from a GPX file and one
 * drawn on the map, the strip of cameras in driving order, saved and found again after a
 * reload, its link opened by another user's Roadcam (a second host, its own data), the wall of
 * the cameras ahead, and bad input (a malformed link, a GPX without a track, a file too large)
 * said in words. axe-core checks the view with its strip.
 */
import type { Page } from '@playwright/test';
import { routeFromLink } from '../../src/desktop/deep-link.ts';
import { localeDistanceUnit, toKm, unitLabel } from '../../src/shared/units.ts';
import { expect, smallDemo, startRoadcam, test } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import { docsScreenshot, E2E_LOCALE, say } from './say.ts';
import { ANY_NUMBER, ANY_TEXT, eitherOf, sayPattern } from './say-pattern.ts';

const COAST: [number, number][] = [
  [-117.15, 32.7],
  [-117.25, 33.2],
  [-117.9, 33.75],
  [-118.3, 33.95],
  [-118.55, 34.15],
  [-119.27, 34.3],
];
const gpx = `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="a routing app"><trk><name>Coast</name><trkseg>
${COAST.map(([lon, lat]) => `<trkpt lat="${lat}" lon="${lon}"><ele>10</ele></trkpt>`).join('\n')}
</trkseg></trk></gpx>`;

/** The strip's heading, "N cameras along NAME", whatever N (and NAME, when not given). */
function camerasAlong(name?: string): RegExp {
  const forms = [1, ANY_NUMBER].map((count) =>
    sayPattern('route.strip.cameras', { count, name: name ?? ANY_TEXT }),
  );
  return eitherOf(...forms);
}

// The locale's distances: miles and feet in en-US, kilometres and metres where it is not.
const unit = localeDistanceUnit(E2E_LOCALE);
const [far, near] = unit === 'mi' ? ['mi', 'ft'] : ['km', 'm'];

async function stripIds(page: Page): Promise<{ id: string; along: number }[]> {
  return page.locator('ol.cameras > li').evaluateAll((items) =>
    items.map((li) => ({
      id: li.getAttribute('data-camera-id')!,
      along: Number(li.getAttribute('data-along-km')),
    })),
  );
}

test('a GPX route shows its cameras in driving order; saved, reloaded, shared by link, watched', async ({
  page,
  roadcam,
}) => {
  test.setTimeout(240_000);
  await page.goto(`${roadcam.url}#/route`);
  await expect(page.getByRole('heading', { level: 1, name: say('route.title') })).toBeVisible();
  // en-US: the buffer is in miles.
  const buffer = page.getByLabel(
    say('route.actions.buffer', { unit: unitLabel(unit, E2E_LOCALE) }),
  );
  await buffer.fill('15');
  await buffer.press('Enter');
  await page.getByLabel(say('route.places.import')).setInputFiles({
    name: 'coast.gpx',
    mimeType: 'application/gpx+xml',
    buffer: Buffer.from(gpx),
  });
  await expect(
    page.getByText(say('route.state.imported', { name: 'Coast', count: 6 })),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: camerasAlong('Coast') })).toBeVisible();
  const strip = await stripIds(page);
  expect(strip.length).toBeGreaterThan(2);
  expect(strip.map((c) => c.along)).toEqual([...strip.map((c) => c.along)].sort((a, b) => a - b));
  // The first card: its distance along in miles, its image live.
  const first = page.locator('ol.cameras > li').first();
  await expect(first).toContainText(
    sayPattern('route.card.along', { distance: new RegExp(`[\\d.]+ ${far}`) }),
  );
  // Off the line, as other distances read: "35 ft", "1.5 mi", not "1.53 mi" or "0.00659 mi".
  const off = sayPattern('route.card.off', {
    distance: new RegExp(`(\\d+ ${near}|\\d+(\\.\\d)? ${far})`),
  });
  await expect(first).toContainText(new RegExp(`(^|\\s)${off.source}`));
  await expect(first.locator('img')).toBeVisible({ timeout: 30_000 });

  expect((await seriousViolations(page)).join('\n')).toBe('');
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.screenshot({ path: docsScreenshot('route.png') });

  await page.getByLabel(say('route.actions.name')).fill('Coast road');
  await page.getByRole('button', { name: say('route.actions.save') }).click();
  await expect(page.getByText(say('route.state.saved', { name: 'Coast road' }))).toBeVisible();
  const link = await page.getByLabel(say('route.actions.link')).inputValue();
  // 15 in the locale's unit, in km (24.14 for miles).
  const bufferKm = String(Number(toKm(15, unit).toFixed(3))).replace('.', '\\.');
  expect(link).toMatch(
    new RegExp(`^roadcam://route\\?name=Coast\\+road&line=.+&buffer=${bufferKm}(&|$)`),
  );

  await page.reload();
  await page.getByRole('button', { name: /^Coast road \d/ }).click();
  await expect(page.getByRole('heading', { name: camerasAlong('Coast road') })).toBeVisible();
  expect((await stripIds(page)).map((c) => c.id)).toEqual(strip.map((c) => c.id));

  await page.getByLabel(say('route.actions.watchCount')).selectOption('4');
  await page.getByRole('button', { name: say('route.actions.watch') }).click();
  await expect(page).toHaveURL(/#\/wall\?cameras=/);
  const tiles = page.locator('[data-tile]');
  await expect(tiles).toHaveCount(Math.min(4, strip.length));
  expect(await tiles.evaluateAll((t) => t.map((e) => e.getAttribute('data-camera-id')))).toEqual(
    strip.slice(0, 4).map((c) => c.id),
  );

  // Another user's Roadcam: its own data folder, the link as the desktop app hands it over.
  const other = await startRoadcam(smallDemo);
  try {
    const otherPage = await page.context().newPage();
    await otherPage.goto(`${other.url}#${routeFromLink(link)}`);
    await expect(
      otherPage.getByText(say('route.state.opened', { name: 'Coast road' })),
    ).toBeVisible();
    await expect(
      otherPage.getByRole('heading', { name: camerasAlong('Coast road') }),
    ).toBeVisible();
    expect((await stripIds(otherPage)).map((c) => c.id)).toEqual(strip.map((c) => c.id));
    await expect(otherPage.getByText(say('route.saved.none'))).toBeVisible();
    await otherPage.close();
  } finally {
    await other.stop();
  }
});

test('a route drawn on the map replaces the line; bad input is said in words', async ({
  page,
  roadcam,
}) => {
  test.setTimeout(120_000);
  await page.goto(roadcam.url);
  const nav = page.getByRole('navigation', { name: say('nav.label') });
  await nav.getByRole('link', { name: say('view.route'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: say('route.title') })).toBeVisible();
  await expect(nav.getByRole('link', { name: say('view.route') })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.goto(`${roadcam.url}#/route?name=Bad&line=_p~iF~ps%7CU_ulL`);
  await expect(page.getByRole('alert')).toHaveText(
    say('route.link.notPolyline', { detail: say('route.polyline.latitudeAlone') }),
  );

  await page.getByRole('button', { name: say('route.map.draw') }).click();
  const map = page.getByRole('application', { name: say('view.map') });
  const box = (await map.boundingBox())!;
  for (const [x, y] of [
    [0.2, 0.5],
    [0.4, 0.45],
    [0.6, 0.55],
    [0.8, 0.5],
  ]) {
    await page.mouse.click(box.x + box.width * x!, box.y + box.height * y!);
  }
  await page.getByRole('button', { name: say('route.map.finish') }).click();
  await expect(page.getByRole('heading', { name: camerasAlong() })).toBeVisible();
  const link = page.getByLabel(say('route.actions.link'));
  await expect(link).toHaveValue(/^roadcam:\/\/route\?/);
  // A route not saved yet survives a visit to another view.
  const drawn = await link.inputValue();
  await nav.getByRole('link', { name: say('view.wall'), exact: true }).click();
  await nav.getByRole('link', { name: say('view.route'), exact: true }).click();
  await expect(page.getByRole('heading', { name: camerasAlong() })).toBeVisible();
  await expect(link).toHaveValue(drawn);

  const input = page.getByLabel(say('route.places.import'));
  await input.setInputFiles({
    name: 'home.gpx',
    mimeType: 'application/gpx+xml',
    buffer: Buffer.from(
      '<?xml version="1.0"?><gpx><wpt lat="39.7" lon="-105"><name>Home</name></wpt></gpx>',
    ),
  });
  await expect(page.getByRole('alert')).toHaveText(
    say('route.file.noGpxPoints', { file: 'home.gpx' }),
  );
  await input.setInputFiles({
    name: 'log.gpx',
    mimeType: 'application/gpx+xml',
    buffer: Buffer.alloc(6 * 1024 * 1024, ' '),
  });
  await expect(page.getByRole('alert')).toContainText(
    say('route.file.tooBig', { file: 'log.gpx', size: 6, max: 5 }),
  );
  // The drawn route is still shown.
  await expect(page.getByRole('heading', { name: camerasAlong() })).toBeVisible();
});
