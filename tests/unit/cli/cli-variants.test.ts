/**
 * The `roadcam` command line against every variant of the service: the same commands give the
 * same data whichever choices the service makes where the interface is silent (names, units,
 * error bodies, limits, rate limits, hosts of signed URLs).
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { VARIANT_NAMES, type VariantName } from '../../../src/service/index.ts';
import { filesUnder, makeRecordings } from '../../helpers/downloads.ts';
import { addAlerts } from '../../helpers/api.ts';
import { useClient, useService, useTempDir } from '../../helpers/per-describe.ts';
import { direct, lines, runRoadcam, secretEnv } from '../../helpers/cli.ts';

/** More alerts than one page of any variant's largest alert limit. */
const EXTRA_ALERTS = 130;

describe.each(VARIANT_NAMES)('the CLI against the %s service', (variant: VariantName) => {
  const service = useService({ cameras: 120, hours: 2, variant });
  const client = useClient(service);
  const dataDir = useTempDir(`roadcam-cli-${variant}-`);
  beforeAll(() => addAlerts(service, EXTRA_ALERTS, 'Test Watch'));

  const roadcam = (...args: string[]) =>
    runRoadcam(dataDir.path, [...args, ...direct(service.url)], { env: secretEnv });

  it('searches cameras and shows one, as JSON', async () => {
    const search = await roadcam('cameras', 'search', '--limit', '20', '--json');
    expect(search.code, search.stderr).toBe(0);
    const cameras = lines(search.stdout).map((l) => JSON.parse(l) as { id: string });
    expect(cameras).toHaveLength(20);
    const show = await roadcam('cameras', 'show', cameras[0]!.id, '--json');
    expect(show.code, show.stderr).toBe(0);
    expect((JSON.parse(show.stdout) as { id: string }).id).toBe(cameras[0]!.id);
  });

  it('shows an observation whatever form Show answers in', async () => {
    const search = await roadcam('observations', 'search', '--limit', '1', '--json');
    expect(search.code, search.stderr).toBe(0);
    const [first] = lines(search.stdout).map((l) => JSON.parse(l) as { id: string });
    const show = await roadcam('observations', 'show', first!.id, '--json');
    expect(show.code, show.stderr).toBe(0);
    expect((JSON.parse(show.stdout) as { id: string }).id).toBe(first!.id);
  });

  it('lists every alert with --all, however many the service puts on a page', async () => {
    const { properties } = await client.alerts.search({ limit: 1 });
    expect(properties.total).toBeGreaterThanOrEqual(EXTRA_ALERTS);
    const all = await roadcam('alerts', 'search', '--all', '--json');
    expect(all.code, all.stderr).toBe(0);
    const ids = lines(all.stdout).map((l) => (JSON.parse(l) as { id: string }).id);
    expect(new Set(ids).size).toBe(properties.total);
    expect(ids).toHaveLength(properties.total);
  });

  it('prints the session whatever its roles and context hold', async () => {
    const out = await roadcam('session', '--json');
    expect(out.code, out.stderr).toBe(0);
    expect(JSON.parse(out.stdout)).toMatchObject({ name: 'demo' });
  });

  it('says what the service said when a resource does not exist, exit 1', async () => {
    const out = await roadcam('cameras', 'show', 'NO-SUCH-CAMERA');
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(/404/);
    expect(out.stderr).not.toMatch(/\[object Object\]|undefined/);
  });

  it('lists collections and shows every image name of one', async () => {
    const list = await roadcam('collections', 'list', '--json');
    expect(list.code, list.stderr).toBe(0);
    const collections = lines(list.stdout).map((l) => JSON.parse(l) as { _id: string });
    expect(collections.length).toBeGreaterThan(0);
    const seeded = collections[0]!._id;
    const expected: string[] = [];
    for await (const name of client.collections.imageNames(seeded)) expected.push(name);
    const show = await roadcam('collections', 'show', seeded, '--json');
    expect(show.code, show.stderr).toBe(0);
    const shown = JSON.parse(show.stdout) as { images: string[] };
    expect(shown.images).toEqual(expected);
  });

  it('downloads a recording as zip and mp4 through the signed URLs', async () => {
    const [id] = await makeRecordings(service, client, 1, 10);
    const out = join(dataDir.path, 'files');
    const result = await roadcam('download', '--format', 'zip,mp4', '--out', out, '--json', id!);
    expect(result.code, result.stderr).toBe(0);
    expect(filesUnder(out).sort()).toEqual(
      expect.arrayContaining([expect.stringMatching(/\.zip$/), expect.stringMatching(/\.mp4$/)]),
    );
  });
});
