/**
 * A route along the roads in a real Chromium on browser mode: a stand-in OSRM's address set as
 * its user does (`roadcam settings set`) and OSRM chosen in Settings > Route, then From "Denver" To "Colorado Springs" finds the stand-in's road (not a
 * straight line) and the cameras along it; a name several cities share asks which one, and the
 * one picked makes the route. axe-core checks the view with its choice and its strip.
 */
import { DEMO_SEED } from '../../src/service/index.ts';
import { generateCameras } from '../../src/service/world/cameras.ts';
import { decodePolyline } from '../../src/shared/geo.ts';
import { startRoutingStandIn } from '../helpers/routing-standins.ts';
import { seriousViolations } from './axe.ts';
import { expect, openView, smallDemo, startRoadcam, test } from './fixtures.ts';
import { docsScreenshot, say, sayWithin } from './say.ts';
import { ANY_TEXT, sayPattern } from './say-pattern.ts';

test("From Denver To Colorado Springs follows the routing service's road; Springfield asks which", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const osrm = await startRoutingStandIn('osrm');
  // The demo world's cameras between the two cities (smallDemo's 200): the stand-in's road
  // passes them, north to south, as the real road past them would.
  const along = generateCameras(DEMO_SEED, 200)
    .filter((c) => c.state === 'CO' && c.lat < 39.7 && c.lat > 38.8 && c.lon > -105)
    .sort((a, b) => b.lat - a.lat);
  expect(along.length).toBeGreaterThanOrEqual(2);
  osrm.passThrough(along.map((c) => [c.lon, c.lat]));
  // The address is where routes are sent, so the page of browser mode cannot set it: its user
  // sets it with `roadcam settings set routingUrl URL`, and the page chooses the kind.
  const roadcam = await startRoadcam(smallDemo, {}, { settings: { routingUrl: osrm.url } });
  try {
    await openView(page, roadcam.url, '#/settings');
    await expect(page.getByLabel(say('routeSettings.address'))).toHaveValue(osrm.url);
    // The services' own names are not translated.
    await page.getByRole('radio', { name: 'OSRM' }).check();
    // Saved: the address field, which waits for a service, is open.
    await expect(page.getByLabel(say('routeSettings.address'))).toBeEnabled();

    await openView(page, roadcam.url, '#/route');
    // The default buffer (half a mile): the stand-in's road, 2 miles off the straight line at
    // its middle, is kept as a road; a buffer wider than that would keep only its ends.
    await page.getByLabel(say('route.places.from'), { exact: true }).fill('Denver');
    await page.getByLabel(say('route.places.to'), { exact: true }).fill('Colorado Springs');
    await page.getByRole('button', { name: say('route.places.find') }).click();
    const host = new URL(osrm.url).host;
    await expect(
      page.getByText(
        say('route.state.byRoads', {
          from: 'Denver, CO, US',
          to: 'Colorado Springs, CO, US',
          service: say('route.state.service', { service: 'OSRM', host }),
        }),
      ),
    ).toBeVisible();
    const heading = sayWithin('route.strip.cameras', {
      count: along.length,
      name: say('route.state.fromTo', { from: 'Denver', to: 'Colorado Springs' }),
    });
    await expect(
      page.getByRole('heading', { name: new RegExp(`^${heading.source}`) }),
    ).toBeVisible();
    // Each camera the road passes is in the strip, in driving order.
    const strip = page.locator('[data-along-km]');
    await expect(strip).toHaveCount(along.length);
    await expect(strip.first()).toContainText(along[0]!.description);
    await expect(strip.last()).toContainText(along.at(-1)!.description);
    expect(osrm.asks.at(-1)!.points).toEqual([
      [-104.9847, 39.73915],
      [-104.82136, 38.83388],
    ]);
    // The route kept is the stand-in's bowed road, not the two places' straight line.
    const link = new URL(await page.getByLabel(say('route.actions.link')).inputValue());
    const line = decodePolyline(link.searchParams.get('line')!);
    expect(line.length).toBeGreaterThan(5);
    // Halfway, the straight line is at 104.90° W; the stand-in's road bows 3 km east of it.
    const middle = line[Math.floor(line.length / 2)]!;
    expect(middle[0]).toBeGreaterThan(-104.89);

    await page.getByLabel(say('route.places.to'), { exact: true }).fill('Springfield');
    await page.getByRole('button', { name: say('route.places.addStop') }).click();
    await page.getByLabel(say('route.places.stop', { number: 1 })).fill('Pueblo');
    await page.getByRole('button', { name: say('route.places.find') }).click();
    await expect(
      page.getByRole('heading', { name: say('route.places.which', { place: 'Springfield' }) }),
    ).toBeVisible();
    expect((await seriousViolations(page)).join('\n')).toBe('');
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.screenshot({ path: docsScreenshot('route-roads.png'), fullPage: true });
    const people = sayWithin('route.places.people', { count: 166_810 }).source;
    await page.getByRole('button', { name: new RegExp(`^Springfield, MO, US ${people}`) }).click();
    await expect(page.getByLabel(say('route.places.to'), { exact: true })).toHaveValue(
      'Springfield, MO, US',
    );
    const toSpringfield = sayPattern(
      'route.state.byRoads',
      { from: 'Denver, CO, US', to: 'Springfield, MO, US', service: ANY_TEXT },
      { anchor: 'start' },
    );
    await expect(page.getByText(toSpringfield)).toBeVisible();
    expect(osrm.asks.at(-1)!.points).toHaveLength(3);
    expect((await seriousViolations(page)).join('\n')).toBe('');
  } finally {
    await roadcam.stop();
    await osrm.close();
  }
});
