/**
 * A core that cannot start says so in the shell's language, through the real entry on the
 * Electron stand-in: a data folder whose database a newer Roadcam wrote stops the core's start
 * (nothing mocked: the database refuses), and the shell shows "Roadcam could not start" with
 * why before it quits, in German on a German system and in English on an English one. Help ›
 * Save Diagnostics while the core is still starting (a first start building a larger demo
 * world) says to try again in a moment, in the shell's language.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { electron, SHELL_WORLD, startShell, stopShell } from '../../helpers/desktop-shell.ts';
import { tempDir } from '../../helpers/core.ts';
import { waitFor } from '../../helpers/wait.ts';

const dirs: { remove(): void }[] = [];
afterEach(async () => {
  await stopShell();
  for (const dir of dirs.splice(0)) dir.remove();
});

/** A data folder whose database says a newer version of Roadcam wrote it. */
function newerDataDir(): string {
  const dir = tempDir('roadcam-newer-');
  dirs.push(dir);
  const dataDir = join(dir.path, 'data');
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, 'roadcam.sqlite'));
  db.pragma('user_version = 9999');
  db.close();
  return dataDir;
}

/** Starts on that folder with the system in `languages`; the error box the shell showed. */
async function startFailing(languages: string[]) {
  await startShell({
    dataDir: newerDataDir(),
    script: { systemLanguages: languages },
    waitForCore: false,
  });
  const shown = await waitFor(() => electron.dialogs('error')[0], {
    what: 'the error box of a core that could not start',
    timeoutMs: 15_000,
  });
  await waitFor(() => electron.endedCode() !== null || undefined, {
    what: 'the app to quit after saying it could not start',
    timeoutMs: 15_000,
  });
  return shown.options as { title: string; content: string };
}

it('on a German system the shell says in German that Roadcam could not start, and why', async () => {
  const shown = await startFailing(['de-DE']);
  expect(shown.title).toBe('Roadcam konnte nicht starten');
  // The reason too: the database's refusal, said in German with what to do.
  expect(shown.content).toMatch(/von einer neueren Version von Roadcam geschrieben \(Schema 9999/);
  expect(shown.content).toMatch(/Aktualisieren Sie Roadcam/);
});

it('on an English system it says so in English', async () => {
  const shown = await startFailing(['en-GB']);
  expect(shown.title).toBe('Roadcam could not start');
  expect(shown.content).toMatch(/written by a newer version of Roadcam \(schema 9999/);
});

/** A first start that builds a demo world large enough to take a while: the core is starting. */
async function startSlowly(languages: string[], help: string) {
  await startShell({
    script: { systemLanguages: languages },
    env: { ROADCAM_DEMO_WORLD: JSON.stringify({ cameras: 400, hours: 6, now: SHELL_WORLD.now }) },
    waitForCore: false,
  });
  await waitFor(() => electron.menuTemplate().some((m) => m.label === help) || undefined, {
    what: `a menu with ${help}`,
    timeoutMs: 10_000,
  });
}

it('Save Diagnostics while the core is still starting says to try again, in German', async () => {
  await startSlowly(['de-DE'], 'Hilfe');
  electron.clickMenu('Hilfe', 'Diagnose speichern…');
  expect(electron.dialogs('error')[0]?.options).toEqual({
    title: 'Diagnose nicht gespeichert',
    content: 'Roadcam startet noch: Versuchen Sie es gleich noch einmal.',
  });
});

it('and in English', async () => {
  await startSlowly(['en-GB'], 'Help');
  electron.clickMenu('Help', 'Save Diagnostics…');
  expect(electron.dialogs('error')[0]?.options).toEqual({
    title: 'Diagnostics not saved',
    content: 'Roadcam is still starting: try again in a moment.',
  });
});
