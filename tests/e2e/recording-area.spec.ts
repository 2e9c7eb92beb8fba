/**
 * Recording search in Downloads by area shape: a polygon typed as the spec writes it finds the
 * recordings inside it and not those outside, and a route drawn on the Map is taken over by
 * "Use the map's drawn area"; both checked against the service's own answers (the positions
 * and the expected matches come from the service, not from this file).
 */
import { expect, test } from './fixtures.ts';
import { startOwnService, type OwnService } from './own-service.ts';

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

test('a polygon search finds the recordings inside the polygon and not those outside', async ({
  page,
}) => {
  const all = (await own.search('recordings', { status: 'complete' }, 100))
    .features as unknown as Placed[];
  expect(all.length).toBeGreaterThan(1);
  const inside = all[0]!;
  const ring = square(inside.geometry.coordinates, 0.05);
  const [lon0, lat0] = inside.geometry.coordinates;
  const outside = all.find(
    ({
      geometry: {
        coordinates: [lon, lat],
      },
    }) => Math.abs(lon - lon0) > 0.5 || Math.abs(lat - lat0) > 0.5,
  )!;
  expect(outside).toBeDefined();
  const params = { status: 'complete', polygon: ring, sort: 'start', sort_dir: 'desc' };
  const expected = await own.search('recordings', params, 25);
  expect(expected.features.map((f) => f.id)).toContain(inside.id);

  await page.goto(`${own.host.url}#/downloads`);
  await page.getByText('More filters').click();
  await page.getByRole('combobox', { name: 'Area shape' }).selectOption('polygon');
  const polygon = page.getByRole('textbox', { name: /^Polygon/ });
  // Typed open: the form closes the ring as the spec asks.
  await polygon.fill(
    ring
      .slice(0, -1)
      .map(([lon, lat]) => `${lon} ${lat}`)
      .join(', '),
  );
  await page.getByRole('button', { name: 'Search recordings' }).click();
  await expect(
    page.getByText(`${expected.properties.total} complete recordings match.`),
  ).toBeVisible();
  const ids = page.getByRole('link', { name: /^rec_/ });
  await expect(ids).toHaveCount(expected.features.length);
  expect(await ids.allTextContents()).toEqual(expected.features.map((f) => f.id));
  await expect(page.getByRole('link', { name: outside.id, exact: true })).toHaveCount(0);

  // A corner that does not read is refused in words before anything is asked.
  await polygon.fill(
    `${ring[0]![0]} ${ring[0]![1]}, ${ring[1]![0]}, ${ring[2]![0]} ${ring[2]![1]}`,
  );
  await page.getByRole('button', { name: 'Search recordings' }).click();
  await expect(page.getByRole('alert')).toContainText('Polygon corner 2');
});

test('a route drawn on the Map searches recordings along it from Downloads', async ({ page }) => {
  const all = (await own.search('recordings', { status: 'complete' }, 100))
    .features as unknown as Placed[];
  const along = all[0]!;
  const [lon, lat] = along.geometry.coordinates;
  await page.goto(`${own.host.url}#/map?at=${lat},${lon},9`);
  const map = page.getByRole('application', { name: 'Map' });
  await expect(map).toBeVisible();
  await page.getByRole('button', { name: 'Draw route' }).click();
  // Through the middle of the map, where the recording's camera is.
  const box = (await map.boundingBox())!;
  for (const fx of [0.3, 0.5, 0.7]) {
    await page.mouse.click(box.x + box.width * fx, box.y + box.height * 0.5);
    await page.waitForTimeout(400);
  }
  await expect(page.getByRole('status').filter({ hasText: '3 points' })).toBeVisible();
  await page.getByRole('button', { name: 'Finish' }).click();
  const drawn = JSON.parse((await page.getByTestId('spatial').getAttribute('data-params'))!) as {
    polyline: string;
    polyline_precision: number;
    polyline_radius: number;
  };

  await page.getByRole('link', { name: 'Downloads' }).click();
  await page.getByText('More filters').click();
  await page.getByRole('button', { name: "Use the map's drawn area" }).click();
  await expect(page.getByRole('combobox', { name: 'Area shape' })).toHaveValue('route');
  await expect(page.getByRole('textbox', { name: /^Route/ })).toHaveValue(drawn.polyline);
  await page.getByRole('button', { name: 'Search recordings' }).click();

  const expected = await own.search(
    'recordings',
    { status: 'complete', ...drawn, sort: 'start', sort_dir: 'desc' },
    25,
  );
  expect(expected.features.map((f) => f.id)).toContain(along.id);
  await expect(
    page.getByText(`${expected.properties.total} complete recordings match.`),
  ).toBeVisible();
  const ids = page.getByRole('link', { name: /^rec_/ });
  await expect(ids).toHaveCount(expected.features.length);
  expect(await ids.allTextContents()).toEqual(expected.features.map((f) => f.id));
});
