/**
 * bench:map's scenarios, set up through the UI as a user would: "cameras" (the camera layer
 * alone: the other layers switched off in the layer control) and "everything" (every layer on,
 * a search run so that the recordings and results layers hold something, and the weather replay
 * playing through the marks the world holds, restarted whenever it reaches the last one); and
 * "layers", everything but the replay (what the replay adds is the difference).
 */
import type { Page } from 'playwright-core';
import { snapshotTime } from '../../src/engine/api/groups.ts';

export const SCENARIOS = ['cameras', 'everything', 'layers'] as const;
/** Run when BENCH_MAP_SCENARIOS does not say: "layers" only tells the replay's share apart. */
const DEFAULT_SCENARIOS = ['cameras', 'everything'];
export type Scenario = (typeof SCENARIOS)[number];

export function scenariosFrom(text: string | undefined): Scenario[] {
  const names = (text ?? DEFAULT_SCENARIOS.join(',')).split(',').map((s) => s.trim());
  for (const name of names) {
    if (!(SCENARIOS as readonly string[]).includes(name)) {
      throw new Error(`BENCH_MAP_SCENARIOS: "${name}" is not one of ${SCENARIOS.join(', ')}.`);
    }
  }
  return names as Scenario[];
}

export interface Running {
  /** Called between drags: keeps the replay playing. */
  between: () => Promise<void>;
  /** Marks the replay drew since it started, and whether a step failed (the bar's words). */
  replay: () => Promise<{ steps: number; error: string | null }>;
}

const OTHER_LAYERS = ['Observations', 'Alerts', 'Recordings'];

/**
 * Sets the scenario up on a map that has drawn its first cameras. `firstMark` is the slider
 * index of the oldest mark whose snapshot the world holds (the replay starts there).
 */
export async function setUp(page: Page, scenario: Scenario, firstMark: number): Promise<Running> {
  const layer = (name: string) => page.getByRole('checkbox', { name, exact: true });
  if (scenario === 'cameras') {
    for (const name of OTHER_LAYERS) await layer(name).uncheck();
    return { between: async () => {}, replay: async () => ({ steps: 0, error: null }) };
  }
  for (const name of OTHER_LAYERS) await layer(name).check();
  // An empty search: the first 100 cameras as results, and the recordings of the search.
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page
    .locator('.recording-pin')
    .first()
    .waitFor({ state: 'attached', timeout: 30_000 })
    .catch(() => console.warn('No recording was drawn within 30 s; measuring without them.'));
  if (scenario === 'layers') {
    return { between: async () => {}, replay: async () => ({ steps: 0, error: null }) };
  }
  await page.getByRole('button', { name: 'Weather replay' }).click();
  const bar = page.getByRole('region', { name: 'Weather replay' });
  const slider = bar.getByRole('slider', { name: 'Replay time' });
  await slider.waitFor();
  // Wait for the marks: the slider's max is 0 until they arrive.
  await page.waitForFunction(
    () =>
      Number(document.querySelector('input[aria-label="Replay time"]')?.getAttribute('max')) > 0,
  );
  await page.evaluate(() => {
    const w = window as unknown as { __replaySteps: number };
    w.__replaySteps = 0;
    const time = document.querySelector('[data-testid="replay-time"]')!;
    new MutationObserver(() => (w.__replaySteps += 1)).observe(time, {
      characterData: true,
      childList: true,
      subtree: true,
    });
  });
  const play = async () => {
    await slider.fill(String(firstMark));
    await bar.getByRole('button', { name: 'Play', exact: true }).click();
  };
  await play();
  return {
    between: async () => {
      if (await bar.getByRole('button', { name: 'Play', exact: true }).isVisible()) await play();
    },
    replay: async () => ({
      steps: await page.evaluate(
        () => (window as unknown as { __replaySteps: number }).__replaySteps,
      ),
      error:
        (await bar.locator('.error').count()) > 0 ? await bar.locator('.error').innerText() : null,
    }),
  };
}

const TEN_MINUTES = 10 * 60_000;

/**
 * Asks the service once for every mark's snapshot files, so that each is written before the
 * runs: a real service serves files it already has, where the embedded one writes a mark's file
 * on first demand (a 100,000-camera snapshot takes seconds to minutes on a loaded machine, past
 * the app's answer deadline). Returns how many marks it holds.
 */
export async function warmSnapshots(serviceUrl: string, hours: number): Promise<number> {
  const token = await fetch(`${serviceUrl}/v1/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials&client_id=demo&client_secret=demo-secret',
  }).then(async (r) => ((await r.json()) as { access_token: string }).access_token);
  const get = (path: string) =>
    fetch(`${serviceUrl}${path}`, {
      headers: { Authorization: `Bearer ${token}` },
      redirect: 'manual',
    });
  const latest = await get('/v1/observations?sort=time&sort_dir=desc&limit=1')
    .then((r) => r.json() as Promise<{ features: { properties: { time: string } }[] }>)
    .then((a) => Date.parse(a.features[0]!.properties.time));
  const newest = Math.floor(latest / TEN_MINUTES) * TEN_MINUTES - TEN_MINUTES;
  let held = 0;
  for (let i = hours * 6 - 1; i >= 0; i--) {
    const mark = snapshotTime(new Date(newest - i * TEN_MINUTES));
    const answers = await Promise.all([
      get(`/v1/observations/_all/${mark}.json`),
      get(`/v1/alerts/_all/${mark}.json`),
    ]);
    if (answers[0].status === 302) held += 1;
  }
  return held;
}
