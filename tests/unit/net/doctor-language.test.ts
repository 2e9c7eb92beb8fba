/**
 * `roadcam doctor` in the language LANG asks for: the core says each finding as catalogue codes
 * and the command line says them in German or French, marks, topics and advice included, with
 * nothing left in English but the values (addresses, error codes).
 */
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { tempDir } from '../../helpers/core.ts';
import { direct, runRoadcam, secretEnv } from '../../helpers/cli.ts';

const dir = tempDir('roadcam-doctor-language-');
afterAll(() => dir.remove());

function doctor(lang: string) {
  return runRoadcam(join(dir.path, lang), ['doctor', ...direct('http://127.0.0.1:1')], {
    env: { ...secretEnv, LANG: lang },
  });
}

it('a German LANG gets the report of a service that is not there in German', async () => {
  const down = await doctor('de_DE.UTF-8');
  expect(down.code, down.stdout + down.stderr).toBe(1);
  expect(down.stdout).toMatch(/^Roadcam-Verbindungsbericht, /);
  expect(down.stdout).toMatch(/^FEHLER Erreichbarkeit: der Dienst hat nicht geantwortet \(/m);
  expect(down.stdout).toMatch(/^ {7}-> Prüfen Sie die Netzwerkverbindung, den Proxy/m);
  expect(down.stdout).toMatch(/^ {7}Dienst: http:\/\/127\.0\.0\.1:1/m);
  expect(down.stdout).toMatch(/^FEHLER Sitzung: Anmeldung ist fehlgeschlagen: http:\S+ war nicht/m);
  expect(down.stdout).toMatch(/Siehe die mit FEHLER markierten Zeilen\.\n$/);
  expect(down.stdout).not.toMatch(/did not answer|Check the|FAIL/);
}, 60_000);

it('a French LANG gets it in French', async () => {
  const down = await doctor('fr_FR.UTF-8');
  expect(down.code, down.stdout + down.stderr).toBe(1);
  expect(down.stdout).toMatch(/^Rapport de connexion Roadcam, /);
  expect(down.stdout).toMatch(/^ÉCHEC Accès : le service n’a pas répondu \(/m);
  expect(down.stdout).toMatch(/^ {6}Horloge : /m);
  expect(down.stdout).not.toMatch(/did not answer|Check the|FAIL/);
}, 60_000);
