/**
 * `roadcam conditions ...`, the real command in a child process against the embedded service:
 * a watch by camera ids, its list, its changes (checks and the snapshots), and its removal; a
 * change the service cannot report is refused in words.
 */
import { afterAll, describe, expect } from 'vitest';
import type { ConditionChanges } from '../../../src/shared/ipc/conditions.ts';
import { demoClient } from '../../helpers/api.ts';
import { direct, lines, runRoadcam, secretEnv } from '../../helpers/cli.ts';
import { tempDir } from '../../helpers/core.ts';
import { apiTest as test } from '../../helpers/fixtures.ts';

const dataDir = tempDir('roadcam-cli-conditions-');
afterAll(() => dataDir.remove());

test.override({ world: { cameras: 40, hours: 3 } });

const roadcam = (url: string, args: string[]) =>
  runRoadcam(dataDir.path, ['conditions', ...args, ...direct(url)], { env: secretEnv });

describe('roadcam conditions', () => {
  test('watch cameras, list, show the changes, remove', async ({ service }) => {
    const cameras = (await demoClient(service.url).cameras.search({ limit: 3 })).features;
    const ids = cameras.map((c) => c.id).join(',');
    const watch = await roadcam(service.url, [
      'watch',
      'Pass',
      '--camera_id',
      ids,
      '--on',
      'snow,heavy-precip',
    ]);
    expect(watch.code, watch.stderr).toBe(0);
    expect(watch.stderr).toMatch(/Watching Pass for Snow, Heavy precipitation/);

    const again = await roadcam(service.url, ['watch', 'Pass', '--camera_id', ids]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/named "Pass" exists/);

    const list = await roadcam(service.url, ['list']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(/^NAME\s+TARGET/);
    expect(list.stdout).toContain(`cameras ${ids}`);
    expect(list.stdout).toContain('snow,heavy-precip');

    const changes = await roadcam(service.url, ['changes', 'Pass', '--hours', '2', '--json']);
    expect(changes.code, changes.stderr).toBe(0);
    const found = JSON.parse(changes.stdout) as ConditionChanges;
    expect(found.watch.name).toBe('Pass');
    expect(found.history).toMatchObject({ hours: 2, slots: 12, cameras: 3, missing: [] });

    const text = await roadcam(service.url, ['changes', 'Pass', '--hours', '1']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stderr).toMatch(/in 6 ten-minute snapshots of 3 cameras/);

    const removed = await roadcam(service.url, ['remove', 'Pass']);
    expect(removed.code, removed.stderr).toBe(0);
    const none = await roadcam(service.url, ['list', '--json']);
    expect(lines(none.stdout)).toEqual([]);
    const gone = await roadcam(service.url, ['changes', 'Pass']);
    expect(gone.code).toBe(2);
    expect(gone.stderr).toMatch(/no condition watch named "Pass"/);
  });

  test('refuse ice, which the service does not report, and a watch of nothing', async ({
    service,
  }) => {
    const ice = await roadcam(service.url, [
      'watch',
      'Ice',
      '--bbox',
      '-110,35,-100,45',
      '--on',
      'ice',
    ]);
    expect(ice.code).toBe(2);
    expect(ice.stderr).toMatch(/"ice" cannot be watched: the service reports no ice/);
    const nothing = await roadcam(service.url, ['watch', 'Nothing']);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toMatch(/exactly one of --bbox/);
  });
});
