/**
 * A setting's rule reads the same at its field in Settings as on the command line: both say the
 * shared wording of the contract's issue (src/shared/setting-issues.ts), the field in the
 * page's language, the command line in its own (English here).
 */
import { afterAll, afterEach, describe, expect } from 'vitest';
import { words } from '../../../../src/renderer/lib/words.svelte.ts';
import { SettingsState } from '../../../../src/renderer/settings/settings.svelte.ts';
import type { SettingsPatch } from '../../../../src/shared/settings.ts';
import { runRoadcam } from '../../../helpers/cli.ts';
import { tempDir } from '../../../helpers/core.ts';
import { test } from '../../../helpers/renderer-core.ts';
import { waitFor } from '../../../helpers/wait.ts';

const dataDir = tempDir('roadcam-setting-words-');
afterAll(() => dataDir.remove());
afterEach(() => words.use('en'));

/** Each refused value as the command line types it, and as the page sends it. */
const REFUSED: [keyof SettingsPatch, string, SettingsPatch][] = [
  ['routingUrl', 'ftp://router.example.org', { routingUrl: 'ftp://router.example.org' }],
  ['downloadConcurrency', '17', { downloadConcurrency: 17 }],
  ['updateChannel', 'nightly', { updateChannel: 'nightly' as 'beta' }],
];

describe('a refused setting', () => {
  test('reads the same at its field and on the command line', async ({ core }) => {
    const settings = new SettingsState(core.api);
    await waitFor(() => settings.current !== null, { what: 'the settings to load' });
    for (const [field, typed, patch] of REFUSED) {
      expect(await settings.update(patch)).toBeUndefined();
      const atField = settings.problems[field];
      const cli = await runRoadcam(dataDir.path, ['settings', 'set', field, typed]);
      expect(cli.code).toBe(2);
      expect(cli.stderr.split('\n')[0]).toBe(`roadcam: Not changed: ${field}: ${atField}`);
    }
    expect(settings.problems.routingUrl).toMatch(/^Type the routing service's address/);
    await words.use('de');
    expect(settings.problems.downloadConcurrency).toBe(
      'Höchstens 16 Downloads gleichzeitig: geben Sie 16 oder weniger ein.',
    );
    settings.dispose();
  });
});
