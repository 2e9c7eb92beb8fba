/**
 * `roadcam route list|show|save|remove`, the real command in a child process against the
 * embedded service over HTTP: routes saved through the app's contract, shown in driving order
 * in the user's unit, refused in words.
 */
import { afterAll, describe, expect } from 'vitest';
import { apiTest as test } from '../../helpers/fixtures.ts';
import { tempDir } from '../../helpers/core.ts';
import { type TestService } from '../../helpers/api.ts';
import { direct, runRoadcam, secretEnv, type Outcome } from '../../helpers/cli.ts';
import { encodePolyline } from '../../../src/shared/geo.ts';
import { startRoutingStandIn } from '../../helpers/routing-standins.ts';
import type { RouteShown, SavedRoute } from '../../../src/shared/ipc/routes.ts';

const dataDir = tempDir('roadcam-cli-routes-');
afterAll(() => dataDir.remove());

const COAST: [number, number][] = [
  [-117.15, 32.7],
  [-117.9, 33.75],
  [-118.55, 34.15],
  [-119.27, 34.3],
];

function roadcam(
  service: TestService,
  args: string[],
  env: Record<string, string> = {},
): Promise<Outcome> {
  return runRoadcam(dataDir.path, [...args, ...direct(service.url)], {
    env: { ...secretEnv, LANG: 'en_US.UTF-8', ...env },
  });
}

async function ok(service: TestService, args: string[]): Promise<string> {
  const out = await roadcam(service, args);
  expect(out.code, out.stderr).toBe(0);
  return out.stdout;
}

/** `roadcam settings set`: of the data folder, with no service to reach. */
async function setting(name: string, value: string): Promise<void> {
  const out = await runRoadcam(dataDir.path, ['settings', 'set', name, value]);
  expect(out.code, out.stderr).toBe(0);
}

describe('roadcam route', () => {
  test('saves a polyline, shows its cameras in order in miles, lists and removes it', async ({
    service,
  }) => {
    await ok(service, [
      'route',
      'save',
      'Coast',
      '--polyline',
      encodePolyline(COAST),
      '--buffer',
      '15mi',
    ]);
    const shown = JSON.parse(await ok(service, ['route', 'show', 'Coast', '--json'])) as RouteShown;
    expect(shown.route).toMatchObject({ name: 'Coast', line: COAST });
    expect(shown.route.bufferKm).toBeCloseTo(15 * 1.609344, 6);
    expect(shown.cameras.length).toBeGreaterThan(3);
    const along = shown.cameras.map((c) => c.alongKm);
    expect(along).toEqual([...along].sort((a, b) => a - b));

    const table = (await ok(service, ['route', 'show', 'Coast'])).trim().split('\n');
    expect(table[0]).toMatch(
      /^#\s+ALONG\s+ID\s+DIRECTION\s+ROAD\s+VISIBILITY\s+PRECIP\s+DESCRIPTION/,
    );
    shown.cameras.forEach((camera, i) => {
      const miles = camera.alongKm / 1.609344;
      const row = table[i + 1]!;
      expect(row.startsWith(`${i + 1} `)).toBe(true);
      expect(row).toContain(camera.id);
      expect(row).toContain(
        `${new Intl.NumberFormat('en-US', { maximumSignificantDigits: 3 }).format(miles)} mi`,
      );
    });

    const list = (await ok(service, ['route', 'list', '--json']))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as SavedRoute);
    expect(list.map((r) => r.name)).toContain('Coast');
    await ok(service, ['route', 'remove', 'Coast']);
    expect(await ok(service, ['route', 'list', '--json'])).not.toContain('"Coast"');
    const again = await roadcam(service, ['route', 'remove', 'Coast']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('No saved route named "Coast": see roadcam route list.');
  });

  test('saves the line through typed places: straight, or along the roads of the routing service set', async ({
    service,
  }) => {
    const places = ['--from', 'Denver', '--via', '39.37,-104.86', '--to', 'Colorado Springs'];
    const straight = await roadcam(service, ['route', 'save', 'Front', ...places, '--buffer', '1']);
    expect(straight.code, straight.stderr).toBe(0);
    expect(straight.stdout + straight.stderr).toContain(
      'a straight line between the places (no routing service in Settings: roadcam settings set routingService osrm)',
    );
    const saved = async () =>
      (await ok(service, ['route', 'list', '--json']))
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as SavedRoute)
        .find((r) => r.name === 'Front')!;
    const front = await saved();
    expect(front.line).toEqual([
      [-104.9847, 39.73915],
      [-104.86, 39.37],
      [-104.82136, 38.83388],
    ]);
    // A bare --buffer is in the user's unit: miles here.
    expect(front.bufferKm).toBeCloseTo(1.609344, 6);

    const osrm = await startRoutingStandIn('osrm');
    try {
      await setting('routingService', 'osrm');
      await setting('routingUrl', osrm.url);
      const routed = await roadcam(service, ['route', 'save', 'Front', ...places]);
      expect(routed.code, routed.stderr).toBe(0);
      expect(routed.stdout + routed.stderr).toContain(
        `along the roads (OSRM at ${new URL(osrm.url).host})`,
      );
      expect(osrm.asks.at(-1)!.points).toEqual(front.line);
      expect((await saved()).line.length).toBeGreaterThan(3);
    } finally {
      await setting('routingService', 'none');
      await osrm.close();
    }
  }, 120_000);

  test('a place several cities share is answered with the list and how to be precise', async ({
    service,
  }) => {
    const out = await roadcam(service, [
      'route',
      'save',
      'X',
      '--from',
      'Denver',
      '--to',
      'Springfield',
    ]);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain(
      '"Springfield" is the name of several places: Springfield, MO, US (166,810 people); Springfield, MA, US (154,341 people); Springfield, IL, US (116,565 people);',
    );
    expect(out.stderr).toContain(
      'Type the one you mean with its state or country ("Springfield, MO, US"), or "lat,lon".',
    );
    const many = ['--via', 'Pueblo', '--via', 'Pueblo', '--via', 'Pueblo', '--via', 'Pueblo'];
    const tooMany = await roadcam(service, [
      'route',
      'save',
      'X',
      '--from',
      'Denver',
      '--to',
      'Pueblo',
      ...many,
    ]);
    expect(tooMany.code).toBe(2);
    expect(tooMany.stderr).toContain('roadcam route save takes at most 3 --via stops.');
  });

  test('refuses a malformed polyline, an unknown route and missing places in words', async ({
    service,
  }) => {
    const bad = await roadcam(service, ['route', 'save', 'X', '--polyline', '_p~iF~ps|U_ulL']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(
      '--polyline is not an encoded polyline: polyline has a latitude without longitude',
    );
    const half = await roadcam(service, ['route', 'save', 'X', '--from', 'Denver']);
    expect(half.code).toBe(2);
    expect(half.stderr).toContain('needs both --from and --to');
    const unknown = await roadcam(service, ['route', 'show', 'Nope']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No saved route named "Nope"');
    const nowhere = await roadcam(service, [
      'route',
      'save',
      'X',
      '--from',
      'zzqxv',
      '--to',
      'Denver',
    ]);
    expect(nowhere.code).toBe(1);
    expect(nowhere.stderr).toContain('No city or camera matches "zzqxv"');
  });
});
