/**
 * The whole command line in LANG's language: `--help`, the usage errors of several commands and
 * a note, in German and in French, while command names, flags and placeholders stay as typed;
 * and no sentence in src/cli that bypasses the catalogue.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runCommandLine } from '../../../src/cli/dispatch.ts';
import { lines, runRoadcam } from '../../helpers/cli.ts';
import { tempDir } from '../../helpers/core.ts';

const dataDir = tempDir('roadcam-cli-words-');
afterAll(() => dataDir.remove());

/** Runs `roadcam` in process with LANG set; stdout and stderr kept. */
async function roadcam(args: string[], lang: string) {
  let stdout = '';
  let stderr = '';
  const sink = (add: (s: string) => void) =>
    ({ write: (s: string) => (add(s), true) }) as unknown as NodeJS.WritableStream;
  const io = { stdout: sink((s) => (stdout += s)), stderr: sink((s) => (stderr += s)) };
  const env = { ROADCAM_DATA_DIR: dataDir.path, LANG: lang, LC_ALL: '', LC_MESSAGES: '' };
  const code = await runCommandLine(args, { io, env });
  return { code, stdout, stderr };
}

describe('--help', () => {
  test('in German with LANG=de_DE.UTF-8: the words translated, names and flags as typed', async () => {
    const help = await runRoadcam(dataDir.path, ['--help'], { env: { LANG: 'de_DE.UTF-8' } });
    expect(help.code).toBe(0);
    const text = help.stdout;
    expect(text).toContain('Aufruf: roadcam <command> [options]');
    expect(text).toContain('\nBefehle:\n');
    expect(text).toContain('\nOptionen für jeden Befehl:\n');
    expect(text).toContain('speichert ein Profil');
    expect(text).toContain('lädt Dateien von Aufnahmen herunter');
    expect(text).toContain('Exit-Codes: 0 in Ordnung');
    // Command names, flags and formats stay as they are.
    expect(text).toContain('  login --base-url URL --client-id ID [--profile NAME]\n');
    expect(text).toContain('  --json\n');
    expect(text).toContain("--query 'state=CO&status=complete'");
    expect(text).not.toContain('save a profile');
    // Wrapped to 80 columns, however long the German.
    expect(lines(text).filter((l) => l.length > 90)).toEqual([]);
  });

  test('in French with LANG=fr_FR.UTF-8, and English with LANG=C', async () => {
    const french = await roadcam(['--help'], 'fr_FR.UTF-8');
    expect(french.stdout).toContain('Utilisation : roadcam <command> [options]');
    expect(french.stdout).toContain('télécharge les fichiers d’enregistrements');
    expect(french.stdout).toContain('Options de toutes les commandes :');
    const english = await roadcam(['--help'], 'C.UTF-8');
    expect(english.stdout).toContain('Usage: roadcam <command> [options]');
    expect(english.stdout).toContain('download recording files; run it again to resume');
  });
});

describe('usage errors of several commands', () => {
  const cases: [string[], string, string][] = [
    [
      ['route', 'save'],
      'roadcam route save braucht einen Namen für die Route.',
      'roadcam route save demande un nom pour l’itinéraire.',
    ],
    [
      ['cameras', 'tile', '99/1/1', '--out', 'x.mvt'],
      '„99/1/1“ ist keine Kachel',
      '« 99/1/1 » n’est pas une tuile',
    ],
    [
      ['download', 'rec_1'],
      'roadcam download braucht --out DIR: wohin die Dateien kommen.',
      'roadcam download demande --out DIR : où vont les fichiers.',
    ],
    [
      ['collections', 'create'],
      'roadcam collections create braucht --name.',
      'roadcam collections create demande --name.',
    ],
    [
      ['conditions', 'watch', 'pass', '--bbox', '1,2,3'],
      '--bbox sind vier Zahlen W,S,E,N; nicht „1,2,3“.',
      '--bbox est quatre nombres W,S,E,N ; pas « 1,2,3 ».',
    ],
    [
      ['settings', 'get', 'nosuch'],
      'Es gibt keine Einstellung „nosuch“.',
      'Il n’y a pas de réglage « nosuch ».',
    ],
    [
      ['dataset', 'export', '--out', 'd', '--label', 'fog'],
      '--label ist einer dieser Werte: road_weather, visibility, precip; nicht „fog“.',
      '--label vaut l’une de ces valeurs : road_weather, visibility, precip ; pas « fog ».',
    ],
    [
      ['cameras', 'search', '--demo', '--proxy', 'http://h:1', '--no-proxy'],
      '--proxy und --no-proxy schließen einander aus.',
      '--proxy et --no-proxy s’excluent mutuellement.',
    ],
  ];

  test.each(cases)('roadcam %j in German and French (exit 2)', async (args, german, french) => {
    const de = await roadcam(args, 'de_DE.UTF-8');
    expect(de.code, de.stderr).toBe(2);
    expect(de.stderr).toContain(`roadcam: ${german}`);
    expect(de.stderr).toContain('Führen Sie roadcam --help aus');
    const fr = await roadcam(args, 'fr_FR.UTF-8');
    expect(fr.code, fr.stderr).toBe(2);
    expect(fr.stderr).toContain(`roadcam: ${french}`);
  });
});

test('a note in German and French: a setting changed', async () => {
  const de = await roadcam(['settings', 'set', 'routingService', 'osrm'], 'de_DE.UTF-8');
  expect(de.code, de.stderr).toBe(0);
  expect(lines(de.stderr)).toEqual(['routingService ist jetzt osrm.']);
  const fr = await roadcam(['settings', 'set', 'routingService', 'none'], 'fr_FR.UTF-8');
  expect(lines(fr.stderr)).toEqual(['routingService vaut maintenant none.']);
});

/** Every TypeScript file under a folder, with its text. */
function sources(dir: string): [string, string][] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => [join(dir, f), readFileSync(join(dir, f), 'utf8')]);
}

/**
 * Text a person reads, written in the code: a literal given to an error, a note, a progress line
 * or a write that still holds two words once its `${...}` are taken out ("${id}: ${state}" is
 * data; "${found} found, ${n} requests" is English). `npm run web`'s launcher (web.ts) too.
 */
const LITERAL = /(`(?:[^`\\]|\\.)*`|'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")/.source;
const GIVEN =
  /(?:new (?:UsageError|SaidFailure|Error)\(|\bnote\(\s*[\w.]+,|\.update\(|\.write\()\s*/;
const GIVEN_TEXT = new RegExp(GIVEN.source + LITERAL, 'g');
const WORDS = /[A-Za-z]{2,}[ ,.:;]+[A-Za-z]{2,}/;

function sentencesIn(text: string): string[] {
  return [...text.matchAll(GIVEN_TEXT)]
    .map((m) => m[1]!)
    .filter((literal) => WORDS.test(literal.replace(/\$\{[^}]*\}/g, '')));
}

test('no sentence in src/cli bypasses the catalogue', () => {
  const found = sources('src/cli').flatMap(([path, text]) =>
    sentencesIn(text).map((literal) => `${path}: ${literal}`),
  );
  expect(found).toEqual([]);
});
