/**
 * `roadcam route list|show|save|remove`, the real command in a child process against the
 * embedded service over HTTP: routes saved through the app's contract, shown in driving order
 * in the user's unit, refused in words.
 */
import { afterAll, describe, expect } from 'vitest';
import { apiTest as test } from '../../helpers/fixtures.ts';
import { tempDir } from '../../helpers/core.ts';
import { demoClient, type TestService } from '../../helpers/api.ts';
import { direct, runRoadcam, secretEnv, type Outcome } from '../../helpers/cli.ts';
import { encodePolyline } from '../../../src/shared/geo.ts';
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

  test('saves the straight line between two typed places, found by the cameras search', async ({
    service,
  }) => {
    await ok(service, [
      'route',
      'save',
      'Valley',
      '--from',
      'San Diego',
      '--to',
      'San Jose',
      '--buffer',
      '10',
    ]);
    const client = demoClient(service.url);
    const first = async (q: string) =>
      (await client.cameras.search({ q, limit: 1 })).features[0]!.geometry.coordinates;
    const [route] = (await ok(service, ['route', 'list', '--json']))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as SavedRoute)
      .filter((r) => r.name === 'Valley');
    expect(route!.line).toEqual([await first('San Diego'), await first('San Jose')]);
    // A bare --buffer is in the user's unit: miles here.
    expect(route!.bufferKm).toBeCloseTo(16.09344, 6);
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
    expect(nowhere.stderr).toContain('No camera matches "zzqxv"');
  });
});
