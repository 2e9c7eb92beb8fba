/**
 * Recording search in Downloads by area shape: a polygon typed as the spec writes it finds the
 * recordings inside it and not those outside; a route drawn on the Map is taken over by "Use
 * the map's drawn area", a polygon by the Map's "Find recordings here". All are checked against
 * the service's own answers (positions and expected matches come from the service).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { startOwnService, type OwnService, type SearchAnswer } from './own-service.ts';
import { say, sayWithin } from './say.ts';
import { ANY_TEXT, sayPattern } from './say-pattern.ts';

let own: OwnService;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  own = await startOwnService({ cameras: 200, hours: 2 });
});

test.afterAll(async () => {
  await own?.close();
});

interface Placed {
  id: string;
  geometry: { coordinates: [number, number] };
}

/** A square of `half` degrees each side of a point, as [lon, lat] corners, closed. */
function square([lon, lat]: [number, number], half: number): [number, number][] {
  const r = (v: number) => Math.round(v * 1e5) / 1e5;
  return [
    [r(lon - half), r(lat - half)],
    [r(lon + half), r(lat - half)],
    [r(lon + half), r(lat + half)],
    [r(lon - half), r(lat + half)],
    [r(lon - half), r(lat - half)],
  ];
}

/** The complete recordings the service lists for `params`, first page, newest first. */
function serviceRecordings(params: object) {
  return own.search(
    'recordings',
    { status: 'complete', ...params, sort: 'start', sort_dir: 'desc' },
    25,
  );
}

/** The view lists what the service listed: the same total, the same first page in order. */
async function expectListed(page: Page, expected: SearchAnswer) {
  await expect(
    page.getByText(
      say('downloads.search.match', { status: 'complete', count: expected.properties.total }),
    ),
  ).toBeVisible();
  const ids = page.getByRole('link', { name: /^rec_/ });
  await expect(ids).toHaveCount(expected.features.length);
  expect(await ids.allTextContents()).toEqual(expected.features.map((f) => f.id));
}

/** Opens the map on a recording's camera and clicks a shape there (fractions of the map). */
async function drawOnMap(
  page: Page,
  at: [number, number],
  mode: 'search.draw.route' | 'search.draw.polygon',
  points: number[][],
) {
  await page.goto(`${own.host.url}#/map?at=${at[1]},${at[0]},9`);
  const map = page.getByRole('application', { name: say('view.map') });
  await expect(map).toBeVisible();
  await expect(page.getByRole('link', { name: say('search.findRecordings') })).toHaveCount(0);
  await page.getByRole('button', { name: say(mode) }).click();
  const box = (await map.boundingBox())!;
  for (const [fx, fy] of points) {
    await page.mouse.click(box.x + box.width * fx!, box.y + box.height * fy!);
    // Apart enough that two clicks never read as a double click (which finishes the shape).
    await page.waitForTimeout(400);
  }
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: say('search.draw.points', { count: points.length }) }),
  ).toBeVisible();
  await page.getByRole('button', { name: say('search.draw.finish') }).click();
  return JSON.parse((await page.getByTestId('spatial').getAttribute('data-params'))!) as {
    polygon?: [number, number][];
    polyline?: string;
  };
}

/** Complete recordings as the service lists them, each with its camera's position. */
async function completeRecordings(): Promise<Placed[]> {
  const all = (await own.search('recordings', { status: 'complete' }, 100)).features;
  expect(all.length).toBeGreaterThan(1);
  return all as unknown as Placed[];
}

test('a polygon search finds the recordings inside the polygon and not those outside', async ({
  page,
}) => {
  const all = await completeRecordings();
  const inside = all[0]!;
  const [lon0, lat0] = inside.geometry.coordinates;
  const ring = square([lon0, lat0], 0.05);
  const far = ({ geometry: { coordinates: c } }: Placed) =>
    Math.abs(c[0] - lon0) > 0.5 || Math.abs(c[1] - lat0) > 0.5;
  const outside = all.find(far)!;
  expect(outside).toBeDefined();
  const expected = await serviceRecordings({ polygon: ring });
  expect(expected.features.map((f) => f.id)).toContain(inside.id);

  await page.goto(`${own.host.url}#/downloads`);
  await page.getByText(say('downloads.filters.more')).click();
  await page
    .getByRole('combobox', { name: say('downloads.filters.shape') })
    .selectOption('polygon');
  const polygon = page.getByRole('textbox', { name: sayWithin('downloads.filters.polygon') });
  // Typed open: the form closes the ring as the spec asks.
  const corners = ring.slice(0, -1).map(([lon, lat]) => `${lon} ${lat}`);
  await polygon.fill(corners.join(', '));
  await page.getByRole('button', { name: say('downloads.search.submit') }).click();
  await expectListed(page, expected);
  await expect(page.getByRole('link', { name: outside.id, exact: true })).toHaveCount(0);

  // A corner that does not read is refused in words before anything is asked.
  await polygon.fill([corners[0], ring[1]![0], corners[2]].join(', '));
  await page.getByRole('button', { name: say('downloads.search.submit') }).click();
  await expect(page.getByRole('alert')).toContainText(
    sayPattern('downloads.area.cornerForm', { n: 2, pair: ANY_TEXT, example: ANY_TEXT }),
  );
});

test('a route drawn on the Map searches recordings along it from Downloads', async ({ page }) => {
  const along = (await completeRecordings())[0]!;
  // Through the middle of the map, where the recording's camera is.
  const drawn = await drawOnMap(page, along.geometry.coordinates, 'search.draw.route', [
    [0.3, 0.5],
    [0.5, 0.5],
    [0.7, 0.5],
  ]);

  await page.getByRole('link', { name: say('view.downloads') }).click();
  await page.getByText(say('downloads.filters.more')).click();
  await page.getByRole('button', { name: say('downloads.filters.useDrawn') }).click();
  await expect(page.getByRole('combobox', { name: say('downloads.filters.shape') })).toHaveValue(
    'route',
  );
  await expect(
    page.getByRole('textbox', { name: sayWithin('downloads.filters.route') }),
  ).toHaveValue(drawn.polyline!);
  await page.getByRole('button', { name: say('downloads.search.submit') }).click();

  const expected = await serviceRecordings(drawn);
  expect(expected.features.map((f) => f.id)).toContain(along.id);
  await expectListed(page, expected);
});

test('"Find recordings here" on the Map searches recordings in the drawn polygon', async ({
  page,
}) => {
  const inside = (await completeRecordings())[0]!;
  const drawn = await drawOnMap(page, inside.geometry.coordinates, 'search.draw.polygon', [
    [0.3, 0.3],
    [0.7, 0.3],
    [0.7, 0.7],
    [0.3, 0.7],
  ]);

  await page.getByRole('link', { name: say('search.findRecordings') }).click();
  await expect(page.getByRole('combobox', { name: say('downloads.filters.shape') })).toHaveValue(
    'polygon',
  );
  const expected = await serviceRecordings({ polygon: drawn.polygon });
  expect(expected.features.map((f) => f.id)).toContain(inside.id);
  await expectListed(page, expected);
  await expect(page).toHaveURL(/#\/downloads$/);
});
