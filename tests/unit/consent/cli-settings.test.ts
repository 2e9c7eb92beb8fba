/**
 * `roadcam settings`: the user types the change, which is the consent browser mode cannot give;
 * the contract's own rules still apply, and a CA file that cannot work is refused.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runRoadcam } from '../../helpers/cli.ts';
import { caPemIn } from '../../helpers/consent.ts';
import { tempDir } from '../../helpers/core.ts';

const dataDir = tempDir('roadcam-cli-settings-');
afterAll(() => dataDir.remove());
const roadcam = (...args: string[]) => runRoadcam(dataDir.path, args);

describe('roadcam settings', () => {
  it('sets what the page of browser mode may not, and reads it back', async () => {
    const tiles = 'https://tiles.example.com/{z}/{x}/{y}.png';
    const set = await roadcam('settings', 'set', 'tileUrl', tiles);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stderr).toContain(`tileUrl is now ${tiles}.`);
    expect((await roadcam('settings', 'get', 'tileUrl')).stdout).toBe(`${tiles}\n`);

    const ca = caPemIn(dataDir.path);
    expect((await roadcam('settings', 'set', 'caFile', ca)).code).toBe(0);
    expect((await roadcam('settings', 'set', 'proxyMode', 'none')).code).toBe(0);
    const all = await roadcam('settings', 'get', '--json');
    expect(JSON.parse(all.stdout)).toMatchObject({ tileUrl: tiles, caFile: ca, proxyMode: 'none' });
    expect((await roadcam('settings', 'get')).stdout).toContain('proxyMode none\n');
  });

  it('reads numbers, switches and null as JSON', async () => {
    expect((await roadcam('settings', 'set', 'liveRefreshSeconds', '30')).code).toBe(0);
    expect((await roadcam('settings', 'set', 'distanceUnit', 'null')).code).toBe(0);
    const json = await roadcam('settings', 'get', 'liveRefreshSeconds', '--json');
    expect(JSON.parse(json.stdout)).toBe(30);
  });

  it('refuses in words what the contract refuses, and a CA file that is not one', async () => {
    const wrong = await roadcam('settings', 'set', 'updateFeedUrl', 'http://updates.example/');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(
      /^roadcam: Not changed: updateFeedUrl: Type an https:\/\/ address of the folder/,
    );
    const unknown = await roadcam('settings', 'set', 'colour', 'red');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/There is no setting "colour". Settings: liveRefreshSeconds, /);
    const missing = await roadcam('settings', 'set', 'tileUrl');
    expect(missing.code).toBe(2);

    const notPem = join(dataDir.path, 'not-a-ca.pem');
    writeFileSync(notPem, 'hello\n');
    const before = (await roadcam('settings', 'get', 'caFile')).stdout;
    const bad = await roadcam('settings', 'set', 'caFile', notPem);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(notPem);
    expect((await roadcam('settings', 'get', 'caFile')).stdout).toBe(before);
  });

  it("says the contract's refusal and a CA file that is not one in LANG's language", async () => {
    const german = (...args: string[]) =>
      runRoadcam(dataDir.path, args, { env: { LANG: 'de_DE.UTF-8' } });
    const feed = await german('settings', 'set', 'updateFeedUrl', 'http://updates.example/');
    expect(feed.code).toBe(2);
    expect(feed.stderr).toMatch(
      /^roadcam: Nicht geändert: updateFeedUrl: Geben Sie eine https:\/\/-Adresse des Ordners mit latest\.yml ein/,
    );
    const many = await german('settings', 'set', 'downloadConcurrency', '99');
    expect(many.stderr).toMatch(
      /^roadcam: Nicht geändert: downloadConcurrency: Höchstens 16 Downloads gleichzeitig: geben Sie 16 oder weniger ein\.\n/,
    );
    const notPem = join(dataDir.path, 'not-a-ca-either.pem');
    writeFileSync(notPem, 'hello\n');
    const bad = await german('settings', 'set', 'caFile', notPem);
    expect(bad.stderr).toMatch(/^roadcam: Die CA-Datei .* enthält kein PEM-Zertifikat/);
  });
});
