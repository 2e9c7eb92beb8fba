/**
 * The shell's words without a window: the notifications of condition changes and alerts in the
 * shell's language (the sensor values in the glossary's words; the service's text as it is), a
 * core error said in it, and every label of the menu and the tray from the catalogue (walked in
 * the pseudo-locale, where a label without its brackets was written inline).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { errorInWords, shellWords } from '../../../src/desktop/electron/language.ts';
import { menuTemplate } from '../../../src/desktop/electron/menu.ts';
import { notifyUser } from '../../../src/desktop/electron/notifications.ts';
import { quitQuestion, trayExplanation } from '../../../src/desktop/tray/close.ts';
import { TrayProgress, alwaysThere } from '../../../src/desktop/tray/progress.ts';
import { ApiError } from '../../../src/engine/api/errors.ts';
import type { Core } from '../../../src/engine/core.ts';
import { EventHub } from '../../../src/engine/events.ts';
import { english } from '../../../src/shared/i18n/english.ts';
import { loadTranslator } from '../../../src/shared/i18n/catalogues.ts';
import { batchView } from '../../helpers/batch-view.ts';
import * as electron from '../../helpers/electron/control.ts';
import { plainWords } from '../../helpers/pseudo-words.ts';

beforeEach(() => electron.resetElectron());

type Item = Electron.MenuItemConstructorOptions;

/** Every label of a menu template, submenus included, and each item that has none. */
function labels(items: readonly Item[]): string[] {
  return items.flatMap((item) => {
    if (item.type === 'separator') return [];
    const own = item.label ?? `(no label: ${item.role ?? 'item'})`;
    return [own, ...labels((item.submenu as Item[] | undefined) ?? [])];
  });
}

function onPlatform<T>(platform: NodeJS.Platform, run: () => T): T {
  const saved = Object.getOwnPropertyDescriptor(process, 'platform')!;
  Object.defineProperty(process, 'platform', { value: platform });
  try {
    return run();
  } finally {
    Object.defineProperty(process, 'platform', saved);
  }
}

describe('notifications in the shell’s language', () => {
  it('a road condition change and new alerts read Spanish; the service’s text stays', async () => {
    await shellWords.choose('system', ['es-ES', 'en-US']);
    const hub = new EventHub();
    notifyUser({ hub } as unknown as Core, () => {});
    hub.emit('conditions.changed', {
      watchId: 4,
      watchName: 'Commute',
      changes: [
        {
          ...{ id: 17, watchId: 4, kind: 'snow', cameraId: 'CAM1', place: 'Main St' },
          ...{ observationId: 'o2', prevId: 'o1', time: null, prevTime: null },
          ...{ before: 2, after: 6, noticedAt: '2026-11-20T12:00:00Z', announced: true },
        },
        {
          ...{ id: 18, watchId: 4, kind: 'snow', cameraId: 'CAM2', place: 'Elm St' },
          ...{ observationId: 'o4', prevId: 'o3', time: null, prevTime: null },
          ...{ before: 0, after: 10, noticedAt: '2026-11-20T12:00:00Z', announced: true },
        },
      ],
    });
    hub.emit('alerts.watchedNew', {
      areaId: 1,
      areaName: 'Springfield',
      alerts: [{ id: 'a1', event: 'Flood Watch', headline: 'Rivers rising', severity: 'Severe' }],
    });
    const [change, alert] = electron.notifications();
    expect(change!.title).toBe('Nieve en Commute');
    expect(change!.body).toBe('Main St: Mojada → Nieve parcial, y 1 cambio más');
    expect(alert!.title).toBe('Flood Watch en Springfield');
    expect(alert!.body).toBe('Rivers rising');
  });

  it('a core error in a dialog says what the core said, in the shell’s language', async () => {
    await shellWords.choose('de', []);
    const said = { code: 'net.answerTimeout', params: { operation: 'diagnostics', seconds: 2 } };
    const operation = { code: 'api.op.session', params: {} } as const;
    const error = new ApiError(operation, english.say(said as never), { said: said as never });
    expect(errorInWords(error)).toBe((await loadTranslator('de')).say(said as never));
    expect(errorInWords(error)).not.toBe(error.message);
    expect(errorInWords(new Error('plain'))).toBe('plain');
  });
});

describe('the menu and the tray in the pseudo-locale', () => {
  it('every label, on every platform, packaged or not, comes from the catalogue', async () => {
    const pseudo = await loadTranslator('en-XA');
    const help = { showLogs: () => {}, saveDiagnostics: () => {} };
    for (const platform of ['linux', 'win32', 'darwin'] as const) {
      for (const packaged of [false, true]) {
        electron.resetElectron({ packaged });
        const all = onPlatform(platform, () => labels(menuTemplate(pseudo, () => {}, help)));
        const plain = all.filter((label) => plainWords(label) && label !== 'Roadcam');
        expect(plain, `${platform}${packaged ? ', packaged' : ''}`).toEqual([]);
        expect(all.length).toBeGreaterThan(20);
      }
    }
  });

  it('the tray’s status lines, menu, quit question and notices come from the catalogue', async () => {
    const pseudo = await loadTranslator('en-XA');
    const MB = 1024 * 1024;
    const tray = new TrayProgress({ batches: [], items: [] });
    const update = (...batches: ReturnType<typeof batchView>[]) => ({
      batches,
      items: [],
      removedBatches: [],
    });
    const states = [
      tray.state(pseudo),
      tray.update(update(batchView(1, 'active', { queued: 4 })), pseudo),
      tray.update(
        update(batchView(1, 'active', { completed: 3, downloading: 1 }, [350, 400], 4 * MB)),
        pseudo,
      ),
      tray.update(update(batchView(1, 'paused', { completed: 3, paused: 1 }, [350, 400])), pseudo),
    ];
    const texts = [
      ...states.flatMap((s) => [s.tooltip, ...s.menu.map((i) => ('label' in i ? i.label : ''))]),
      ...alwaysThere(pseudo).map((i) => ('label' in i ? i.label : '')),
      ...Object.values(quitQuestion(2, pseudo)!).filter((v) => typeof v === 'string'),
      ...quitQuestion(2, pseudo)!.buttons,
      ...Object.values(trayExplanation(pseudo)),
    ];
    expect(texts.filter(plainWords)).toEqual([]);
    // English is what they read without a language: the same texts, plain.
    expect(plainWords(tray.state().tooltip)).toBe(true);
  });
});
