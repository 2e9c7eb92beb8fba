import { readFileSync } from 'node:fs';
import { afterAll, describe, expect } from 'vitest';
import { apiTest as test } from '../../helpers/fixtures.ts';
import { tempDir } from '../../helpers/core.ts';
import { demoClient, NOW, startRecordingProxy, type TestService } from '../../helpers/api.ts';
import { direct as directTo, lines, runRoadcam, secretEnv } from '../../helpers/cli.ts';

const dataDir = tempDir('roadcam-cli-');
afterAll(() => dataDir.remove());

const roadcam = (args: string[], options?: Parameters<typeof runRoadcam>[2]) =>
  runRoadcam(dataDir.path, args, options);
const direct = (service: TestService) => directTo(service.url);

describe('usage', () => {
  test('prints help with exit 0, and exit 2 for no or a wrong command', async () => {
    expect((await roadcam(['--help'])).code).toBe(0);
    expect((await roadcam([])).code).toBe(2);
    const wrong = await roadcam(['cameras', 'find']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/roadcam cameras search/);
  });

  test('prints its version with --version, exit 0', async () => {
    const { version } = JSON.parse(
      readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
    ) as { version: string };
    const out = await roadcam(['--version']);
    expect(out.code).toBe(0);
    expect(out.stdout).toBe(`roadcam ${version}\n`);
  });

  test('refuses an option the search does not have, naming those it has', async ({ service }) => {
    const out = await roadcam(['cameras', 'search', '--colour', 'red', ...direct(service)], {
      env: secretEnv,
    });
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/no option --colour.*--bbox/s);
  });
});

describe('searches', () => {
  test('prints NDJSON with --json, filters named as the spec parameters', async ({ service }) => {
    const out = await roadcam(
      [
        'cameras',
        'search',
        ...direct(service),
        '--state',
        'WA',
        '--limit',
        '5',
        '--sort',
        'city',
        '--json',
      ],
      { env: secretEnv },
    );
    expect(out.code, out.stderr).toBe(0);
    const features = lines(out.stdout).map(
      (l) => JSON.parse(l) as { type: string; properties: { state: string } },
    );
    expect(features.length).toBeGreaterThan(0);
    expect(features.every((f) => f.type === 'Feature' && f.properties.state === 'WA')).toBe(true);
  });

  test('passes nested sensor filters: --sensors[road_weather][min]=1', async ({ service }) => {
    const out = await roadcam(
      [
        'observations',
        'search',
        ...direct(service),
        '--sensors[road_weather][min]=1',
        '--limit',
        '20',
        '--json',
      ],
      { env: secretEnv },
    );
    expect(out.code, out.stderr).toBe(0);
    const values = lines(out.stdout).map(
      (l) =>
        (JSON.parse(l) as { properties: { sensors: { road_weather: { data: number } } } })
          .properties.sensors.road_weather.data,
    );
    expect(values.length).toBeGreaterThan(0);
    expect(values.every((v) => v >= 1)).toBe(true);
  });

  test('prints a table for people, with the count on stderr', async ({ service }) => {
    const out = await roadcam(['cameras', 'search', ...direct(service), '--limit', '3'], {
      env: secretEnv,
    });
    expect(out.code).toBe(0);
    expect(lines(out.stdout)[0]).toMatch(/^ID\s+CITY\s+STATE\s+PROVIDER/);
    expect(lines(out.stdout)).toHaveLength(4);
    expect(out.stderr).toMatch(/1-3 of 300 cameras/);
  });

  test('--all returns every camera once', async ({ service }) => {
    const out = await roadcam(['cameras', 'search', ...direct(service), '--all', '--json'], {
      env: secretEnv,
    });
    expect(out.code, out.stderr).toBe(0);
    const ids = lines(out.stdout).map((l) => (JSON.parse(l) as { id: string }).id);
    expect(new Set(ids).size).toBe(300);
  });

  test('signs in first: no check of the service before (a round trip before every command)', async ({
    service,
  }) => {
    const proxy = await startRecordingProxy(service.url);
    try {
      const out = await roadcam(
        ['cameras', 'search', '--base-url', proxy.url, '--client-id', 'demo', '--limit', '1'],
        { env: secretEnv },
      );
      expect(out.code, out.stderr).toBe(0);
      expect(proxy.requests.map((r) => `${r.method} ${r.path.split('?')[0]}`)).toEqual([
        'POST /v1/oauth/token',
        'GET /v1/cameras',
      ]);
    } finally {
      await proxy.close();
    }
  });

  test('falls back to the cached answer when the service is unreachable', async ({ service }) => {
    const proxy = await startRecordingProxy(service.url);
    const args = [
      'alerts',
      'search',
      '--base-url',
      proxy.url,
      '--client-id',
      'demo',
      '--json',
      '--expired',
      'any',
    ];
    const online = await roadcam(args, { env: secretEnv });
    await proxy.close();
    const offline = await roadcam(args, { env: secretEnv });
    expect(offline.code, offline.stderr).toBe(0);
    expect(offline.stdout).toBe(online.stdout);
    expect(offline.stderr).toMatch(/could not be reached: showing results cached at 20\d\d-/);
  });
});

describe('exit codes', () => {
  test('1 for an error of the service, with its message', async ({ service }) => {
    const out = await roadcam(['cameras', 'search', ...direct(service), '--bbox', '1,2'], {
      env: secretEnv,
    });
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(/cameras search failed: bbox needs four numbers.*parameter bbox/);
  });

  test('1 when the service cannot be reached', async () => {
    const out = await roadcam(['session', '--base-url', 'http://127.0.0.1:1', '--client-id', 'x'], {
      env: secretEnv,
    });
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(/could not reach/);
  });

  test('3 when the credentials are refused, without printing the secret', async ({ service }) => {
    const out = await roadcam(['session', ...direct(service)], {
      env: { ROADCAM_CLIENT_SECRET: 'not-the-secret-42' },
    });
    expect(out.code).toBe(3);
    expect(out.stderr).toMatch(/invalid_client/);
    expect(out.stderr).not.toContain('not-the-secret-42');
  });

  test('3 when there is no profile, saying how to add one', async () => {
    const out = await roadcam(['session', '--profile', 'missing']);
    expect(out.code).toBe(3);
    expect(out.stderr).toMatch(/roadcam login --profile missing/);
  });
});

describe('recordings and collections', () => {
  test('creates a recording and shows it', async ({ service }) => {
    const cameraId = (await demoClient(service.url).cameras.search({ limit: 1 })).features[0]!.id;
    const created = await roadcam(
      [
        'recordings',
        'create',
        ...direct(service),
        '--camera_id',
        cameraId,
        '--duration',
        '60',
        '--tags',
        'cli,test',
      ],
      {
        env: secretEnv,
      },
    );
    expect(created.code, created.stderr).toBe(0);
    const id = created.stdout.trim();
    const shown = await roadcam(['recordings', 'show', id, ...direct(service), '--json'], {
      env: secretEnv,
    });
    expect(shown.code, shown.stderr).toBe(0);
    expect(JSON.parse(shown.stdout)).toMatchObject({
      id,
      properties: { camera_id: cameraId, duration: 60 },
    });
  });

  test('lists and shows collections, with their image names', async ({ service }) => {
    const client = demoClient(service.url);
    const { collection_id } = await client.collections.create({
      name: 'CLI passes',
      tags: ['cli'],
    });
    const camera = (await client.cameras.search({ limit: 1 })).features[0]!.id;
    await client.collections.addImage(collection_id, { camera_id: camera });
    const list = await roadcam(['collections', 'list', ...direct(service), '--json'], {
      env: secretEnv,
    });
    expect(list.code, list.stderr).toBe(0);
    expect(lines(list.stdout).map((l) => (JSON.parse(l) as { _id: string })._id)).toContain(
      collection_id,
    );
    const show = await roadcam(
      ['collections', 'show', collection_id, ...direct(service), '--json'],
      {
        env: secretEnv,
      },
    );
    expect(show.code, show.stderr).toBe(0);
    expect(JSON.parse(show.stdout)).toMatchObject({
      _id: collection_id,
      name: 'CLI passes',
      images: [expect.any(String)],
    });
  });
});

describe('demo mode', () => {
  test('runs against the embedded service', async () => {
    const demoDir = tempDir('roadcam-cli-demo-');
    const out = await roadcam(
      [
        'session',
        '--demo',
        '--demo-cameras',
        '200',
        '--demo-hours',
        '1',
        '--demo-now',
        NOW,
        '--json',
      ],
      { env: { ROADCAM_DATA_DIR: demoDir.path } },
    );
    demoDir.remove();
    expect(out.code, out.stderr).toBe(0);
    expect(JSON.parse(out.stdout)).toMatchObject({ name: 'demo' });
  });
});
