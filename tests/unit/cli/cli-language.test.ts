/**
 * The command line in the language of LANG (or LC_ALL, LC_MESSAGES): the real `roadcam` in a
 * child process against the embedded service. An error and its hint in German, a download's
 * summary in French (the same words the desktop's notification says), English with LANG=C, and
 * only the catalogue in use loaded.
 */
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';
import { runCommandLine } from '../../../src/cli/dispatch.ts';
import { loadedCatalogues } from '../../../src/shared/i18n/catalogues.ts';
import { direct, lines, runRoadcam, secretEnv } from '../../helpers/cli.ts';
import { demoClient, makeRecordings, tempDir } from '../../helpers/downloads.ts';
import { apiTest as test } from '../../helpers/fixtures.ts';

const dataDir = tempDir('roadcam-cli-lang-');
afterAll(() => dataDir.remove());

test.override({ world: { cameras: 60, hours: 2 } });

/** Runs `roadcam` in process, its stderr kept. */
async function inProcess(args: string[], env: Record<string, string>) {
  let stderr = '';
  const io = {
    stdout: { write: () => true } as unknown as NodeJS.WritableStream,
    stderr: { write: (s: string) => (stderr += s).length > 0 } as unknown as NodeJS.WritableStream,
  };
  const code = await runCommandLine(args, { io, env: { ROADCAM_DATA_DIR: dataDir.path, ...env } });
  return { code, stderr };
}

test('only the catalogue of the language in use is loaded', async () => {
  expect([...loadedCatalogues()]).toEqual([]);
  await inProcess(['nosuchcommand'], { LANG: 'de_DE.UTF-8' });
  expect([...loadedCatalogues()]).toEqual(['de']);
});

test('an error and its hint in German with LANG=de_DE.UTF-8; English with LANG=C', async () => {
  const german = await runRoadcam(dataDir.path, ['nosuchcommand'], {
    env: { LANG: 'de_DE.UTF-8' },
  });
  expect(german.code).toBe(2);
  expect(lines(german.stderr)).toEqual([
    'roadcam: Unbekannter Befehl „nosuchcommand“. Führen Sie roadcam --help aus.',
    'Führen Sie roadcam --help aus, um die Befehle und Optionen zu sehen.',
  ]);
  const option = await inProcess(
    ['download', 'rec_x', '--out', dataDir.path, '--concurrency', 'x'],
    {
      LC_ALL: 'de_DE.UTF-8',
    },
  );
  expect(option.stderr).toContain('--concurrency muss eine ganze Zahl von 1 bis');

  const plain = await runRoadcam(dataDir.path, ['nosuchcommand'], { env: { LANG: 'C' } });
  expect(lines(plain.stderr)).toEqual([
    'roadcam: Unknown command "nosuchcommand". Run roadcam --help.',
    'Run roadcam --help for the commands and options.',
  ]);
});

test('a download’s and a search’s summary in French with LANG=fr_FR.UTF-8', async ({ service }) => {
  const ids = await makeRecordings(service, demoClient(service.url), 1, 20);
  const out = join(dataDir.path, 'files');
  const args = ['download', '--format', 'jpg', '--out', out, ...ids, ...direct(service.url)];
  const env = { ...secretEnv, LANG: 'fr_FR.UTF-8' };
  const french = await runRoadcam(dataDir.path, args, { env });
  expect(french.code, french.stderr).toBe(0);
  expect(lines(french.stderr).at(-1)).toBe(`1 sur 1 fichier téléchargé dans ${out}.`);
  const search = ['cameras', 'search', '--limit', '3', ...direct(service.url)];
  const found = await runRoadcam(dataDir.path, search, { env });
  expect(lines(found.stderr).at(-1)).toBe('1-3 sur 60 caméras');
  // Machine output never translates.
  const json = await runRoadcam(dataDir.path, [...args, '--json'], { env });
  expect(lines(json.stdout).at(-1)).toContain('"event":"finished"');
});
