/**
 * Walls on displays in German, through the real shell on the Electron stand-in: the question a
 * link's wall asks, a wrong display refused in a notification, the wall's "Open on display"
 * refusal as a code the page says, and a call before the core is there.
 */
import { afterEach, expect, it } from 'vitest';
import { platformText } from '../../../src/desktop/electron/notifications.ts';
import { loadTranslator } from '../../../src/shared/i18n/catalogues.ts';
import type { Said } from '../../../src/shared/i18n/translator.ts';
import { call, electron, startShell, stopShell } from '../../helpers/desktop-shell.ts';
import { waitFor } from '../../helpers/wait.ts';

afterEach(() => stopShell());

const main = { id: 11, bounds: { x: 0, y: 0, width: 1920, height: 1080 } };
const right = { id: 22, bounds: { x: 1920, y: 0, width: 2560, height: 1440 } };

/** A German system with two displays, once the shell speaks German (its menu says so). */
async function germanShell(): Promise<number> {
  await startShell({ script: { systemLanguages: ['de-DE'], displays: [main, right] } });
  await waitFor(() => electron.menuTemplate()[0]?.label === 'Datei' || undefined, {
    what: 'a German menu',
    timeoutMs: 10_000,
  });
  const input = { name: 'Nord', layout: '2x2', columns: 2, tiles: [] };
  return (await call<{ id: number }>('walls.save', input)).id;
}

function link(query: string): void {
  electron.emitApp('second-instance', ['/opt/Roadcam/roadcam', `roadcam://wall?${query}`]);
}

it("a link's wall asks in German, its buttons too", async () => {
  const id = await germanShell();
  link(`wall=${id}&display=2&kiosk=1`);
  const question = await waitFor(() => electron.dialogs('messageBox').find((d) => !d.answered), {
    what: 'the question before a link opens a wall',
    timeoutMs: 10_000,
  });
  expect(question.options['message']).toBe('Die Wand „Nord“ auf Bildschirm 2 zeigen?');
  expect(question.options['detail']).toBe(
    'Ein Link möchte die Wand „Nord“ als Kiosk auf Bildschirm 2 (von links gezählt) zeigen, und wieder bei jedem Start von Roadcam, bis ihr Fenster geschlossen wird.',
  );
  expect(question.options['buttons']).toEqual(['Abbrechen', 'Dort zeigen']);
  question.answer(0);
});

it('a wrong display is refused in a German notification, the displays named in German', async () => {
  const id = await germanShell();
  link(`wall=${id}&display=3`);
  const shown = await waitFor(() => electron.notifications().find((n) => n.body) ?? null, {
    what: 'a notification',
    timeoutMs: 10_000,
  });
  const body =
    'Die Wand wurde nicht geöffnet: Bildschirm "3" gibt es nicht: Dieser Computer hat 2 Bildschirme, von links gezählt (1: 1920×1080 bei 0,0; 2: 2560×1440 bei 1920,0). Geben Sie eine Zahl von 1 bis 2 an.';
  expect(shown).toMatchObject(platformText({ title: 'Roadcam-Wand', body }));
  expect(electron.dialogs()).toEqual([]);
});

it("the wall's Open on display refuses with a code the German page says", async () => {
  const id = await germanShell();
  const answer = (await electron.invoke('walls.showOnDisplay', {
    wallId: id,
    display: 3,
    kiosk: false,
  })) as { ok: false; error: { message: string; said: Said } };
  expect(answer.error.message).toMatch(/^The wall was not opened: display "3" does not exist/);
  const de = await loadTranslator('de');
  expect(de.say(answer.error.said)).toMatch(
    /^Die Wand wurde nicht geöffnet: Bildschirm "3" gibt es nicht: Dieser Computer hat 2 Bildschirme/,
  );
});
