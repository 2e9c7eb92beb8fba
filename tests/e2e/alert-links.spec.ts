import { expect, test } from './fixtures.ts';
import { alertCount, alertsStatus } from './map-helpers.ts';
import { startOwnService, type OwnService } from './own-service.ts';
import { say } from './say.ts';
import { ANY_NUMBER, sayPattern } from './say-pattern.ts';

// The Alerts view against a service this test also queries over HTTP and adds alerts to: an
// alert opened from a link, every filter of interface 4.5, and paging past the first 100.
let own: OwnService;
/** An expired alert: no current search lists it, only its link reaches it. */
let expiredId: string;
/** Where the added alerts lie, away from the synthetic weather's. */
const AREA = '-124,30,-120,33';
const ring = (west: number, south: number): [number, number][] => [
  [west, south],
  [west + 0.5, south],
  [west + 0.5, south + 0.5],
  [west, south + 0.5],
  [west, south],
];
/** A datetime-local value, read by the view as UTC. */
const local = (ms: number) => new Date(ms).toISOString().slice(0, 16);

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  own = await startOwnService({ cameras: 60, hours: 2 });
  const now = own.service.control.now().getTime();
  for (let i = 0; i < 130; i++) {
    own.service.control.addAlert({
      event: 'Paging Test Advisory',
      headline: `Paging test ${i} (e2e)`,
      polygon: ring(-123.8 + (i % 6) * 0.5, 30.2 + Math.floor(i / 26) * 0.5),
      country: i % 10 === 0 ? 'CA' : 'US',
      urgency: i % 2 === 0 ? 'Immediate' : 'Future',
      certainty: i % 3 === 0 ? 'Observed' : 'Possible',
      severity: 'Minor',
      effective: new Date(now - (i % 4) * 1800_000).toISOString(),
      expires: new Date(now + (1 + (i % 5)) * 3600_000).toISOString(),
    });
  }
  expiredId = own.service.control.addAlert({
    event: 'Expired Link Warning',
    headline: 'An alert that ended before the test (e2e)',
    polygon: ring(-100, 40),
    effective: new Date(now - 6 * 3600_000).toISOString(),
    expires: new Date(now - 3 * 3600_000).toISOString(),
  });
});

test.afterAll(async () => {
  await own?.close();
});

test('an alert opens from its link, expired and unlisted; an unknown one says so', async ({
  page,
}, testInfo) => {
  const current = await own.search('alerts', {}, 100);
  expect(current.features.map((f) => f.id)).not.toContain(expiredId);

  await page.goto(`${own.host.url}#/alerts/${expiredId}`);
  const detail = page.getByRole('article');
  await expect(detail.getByRole('heading', { level: 2 })).toHaveText(
    'An alert that ended before the test (e2e)',
  );
  await expect(detail).toContainText('Expired Link Warning');
  await expect(page.getByRole('list').getByRole('button', { pressed: true })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('alert-from-link.png') });

  await detail.getByRole('button', { name: say('alerts.close') }).click();
  await expect(page).toHaveURL(/#\/alerts$/);
  await expect(page.getByRole('heading', { name: say('alerts.watched') })).toBeVisible();

  await page.goto(`${own.host.url}#/alerts/no-such-alert`);
  // The service's own words, which the app gives as the reason: the same in every language.
  await expect(page.getByRole('alert')).toContainText('No alert with id "no-such-alert"');
});

test('every filter of interface 4.5 reaches the service, and the list pages past 100', async ({
  page,
}) => {
  await page.goto(`${own.host.url}#/alerts`);
  const status = alertsStatus(page);
  const filters = page.getByRole('form', { name: say('alerts.filters') });
  await filters.getByLabel(say('alerts.filter.area')).fill(AREA);
  const bbox = AREA.split(',').map(Number);
  const inArea = await own.search('alerts', { bbox }, 1);
  expect(inArea.properties.total).toBeGreaterThanOrEqual(130);
  await expect(status).toContainText(alertCount(inArea.properties.total, 100));

  // Paging: the next page starts after what was listed, until every alert is.
  const rows = page.getByRole('list').getByRole('button');
  const loadMore = sayPattern('alerts.loadMore', { count: ANY_NUMBER });
  await expect(rows).toHaveCount(100);
  await page.getByRole('button', { name: loadMore }).click();
  await expect(rows).toHaveCount(inArea.properties.total);
  await expect(page.getByRole('button', { name: loadMore })).toHaveCount(0);
  const shown = await rows.locator('strong').allTextContents();
  expect(new Set(shown).size).toBeGreaterThan(0);

  // Each further filter narrows the same search as the service narrows it.
  const now = own.service.control.now().getTime();
  const expiresUntil = say('common.rangeUntilUtc', { label: say('search.sort.expires') });
  const effectiveFrom = say('common.rangeFromUtc', { label: say('alerts.effective') });
  const steps: [() => Promise<unknown>, Record<string, unknown>][] = [
    [
      () => filters.getByLabel(say('search.sort.urgency')).selectOption('immediate'),
      { urgency: 'immediate' },
    ],
    [
      () => filters.getByLabel(say('search.sort.certainty')).selectOption('observed'),
      { certainty: 'observed' },
    ],
    [() => filters.getByLabel(say('search.sort.country')).fill('US'), { country: 'US' }],
    [
      () => filters.getByLabel(expiresUntil).fill(local(now + 3.5 * 3600_000)),
      { expires_max: `${local(now + 3.5 * 3600_000)}:00Z` },
    ],
    [
      () => filters.getByLabel(effectiveFrom).fill(local(now - 2700_000)),
      { effective_min: `${local(now - 2700_000)}:00Z` },
    ],
  ];
  let params: Record<string, unknown> = { bbox };
  let previous = inArea.properties.total;
  for (const [act, added] of steps) {
    params = { ...params, ...added };
    await act();
    const expected = (await own.search('alerts', params, 1)).properties.total;
    expect(expected, JSON.stringify(added)).toBeLessThan(previous);
    await expect(status).toContainText(alertCount(expected));
    previous = expected;
  }
  expect(previous).toBeGreaterThan(0);
});
