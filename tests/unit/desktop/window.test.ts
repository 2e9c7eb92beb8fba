/**
 * The window as the real entry makes it: locked-down webPreferences, the page's CSP, no way to
 * navigate away, open windows or attach webviews; every channel of the contract answered
 * through ipcMain for the app's own top frame and refused for any other; the media protocol.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelNames } from '../../../src/shared/ipc.ts';
import { loadTranslator } from '../../../src/shared/i18n/catalogues.ts';
import type { Said } from '../../../src/shared/i18n/translator.ts';
import { electron, startShell, stopShell } from '../../helpers/desktop-shell.ts';

beforeAll(() => startShell());
afterAll(() => stopShell());

const refusal = {
  ok: false,
  error: {
    code: 'failed',
    message: 'Refused: the call did not come from the Roadcam window.',
    said: { code: 'desktop.ipc.notWindow', params: {} },
  },
};

describe('the window', () => {
  it('is locked down: context isolation, sandbox, no Node, no webviews, the preload only', () => {
    const { options } = electron.mainWindow();
    expect(options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      disableBlinkFeatures: 'Auxclick',
    });
    expect(options.webPreferences?.preload).toMatch(/preload[/\\]index\.cjs$/);
    expect(options.webPreferences).not.toHaveProperty('nodeIntegrationInSubFrames');
    expect(options.show).toBe(false); // shown at ready-to-show, as the start mode says
  });

  it("loads the renderer's index.html, whose CSP allows only the app's own scripts", () => {
    expect(electron.mainWindow().loaded?.file).toMatch(/renderer[/\\]index\.html$/);
    const built = join(import.meta.dirname, '../../../out/renderer/index.html');
    const pages = [join(import.meta.dirname, '../../../src/renderer/index.html')];
    if (existsSync(built)) pages.push(built);
    for (const page of pages) {
      const csp = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(
        readFileSync(page, 'utf8'),
      )?.[1];
      const directives = new Map(
        csp!.split(';').map((d) => {
          const [name, ...values] = d.trim().split(/\s+/);
          return [name!, values];
        }),
      );
      expect(directives.get('default-src'), page).toEqual(["'none'"]);
      expect(directives.get('script-src'), page).toEqual(["'self'"]);
      expect(directives.get('object-src'), page).toEqual(["'none'"]);
      expect(directives.get('base-uri'), page).toEqual(["'none'"]);
      expect(directives.get('form-action'), page).toEqual(["'none'"]);
      expect(directives.get('connect-src'), page).toEqual(["'self'", 'roadcam-media:']);
    }
  });

  it('refuses navigation and redirects away from the app, and every webview', () => {
    const own = electron.mainWindow().webContents.getURL();
    expect(electron.navigate('will-navigate', 'https://evil.example/')).toBe(true);
    expect(electron.navigate('will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(electron.navigate('will-redirect', 'http://127.0.0.1:9/')).toBe(true);
    expect(electron.navigate('will-attach-webview', own)).toBe(true);
    expect(electron.navigate('will-navigate', `${own.split('#')[0]}#/wall`)).toBe(false);
  });

  it('opens no window: an https link goes to the system browser, anything else nowhere', () => {
    for (const url of ['https://example.org/camera', 'file:///etc/passwd', 'javascript:alert(1)']) {
      expect(electron.openWindow(url)).toEqual({ action: 'deny' });
    }
    expect(electron.calls('shell.openExternal').map((c) => c.args[0])).toEqual([
      'https://example.org/camera',
    ]);
  });

  it('grants notifications and no other permission', () => {
    const { request, check } = electron.permissionHandlers();
    const answers: boolean[] = [];
    for (const permission of ['notifications', 'media', 'geolocation', 'clipboard-read']) {
      (request as (...args: unknown[]) => void)(null, permission, (yes: boolean) =>
        answers.push(yes),
      );
      expect((check as (...args: unknown[]) => boolean)(null, permission)).toBe(
        permission === 'notifications',
      );
    }
    expect(answers).toEqual([true, false, false, false]);
  });
});

describe('the contract through ipcMain', () => {
  it('has a handler for every channel, and only those', () => {
    expect(electron.handledChannels().sort()).toEqual([...channelNames].sort());
  });

  it("answers the app's own page", async () => {
    expect(await electron.invoke('settings.get', {})).toMatchObject({
      ok: true,
      value: { closeToTray: true },
    });
    const cameras = (await electron.invoke('cameras.search', { limit: 3 })) as {
      ok: true;
      value: { features: unknown[] };
    };
    expect(cameras.value.features).toHaveLength(3);
    expect(await electron.invoke('downloads.list', {})).toEqual({
      ok: true,
      value: { batches: [], items: [] },
    });
    expect(await electron.invoke('settings.update', { cacheSizeMB: -1 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
  });

  it("answers every channel of the contract to the app's own page, through the core's check", async () => {
    // An input no channel takes: each answer comes from the core's validation at the edge (an
    // error in words), never the refusal of a stranger, a throw or a call that never returns.
    for (const channel of channelNames) {
      const answer = (await electron.invoke(channel, { notAnInput: 1 })) as {
        ok: boolean;
        error?: { code: string; message: string };
      };
      expect(answer, channel).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      expect(answer.error!.message, channel).toMatch(/notAnInput|input/i);
    }
  });

  it('refuses every channel to another page, a file outside the app and a sub-frame', async () => {
    const own = electron.mainWindow().webContents.getURL();
    const strangers = [
      { frameUrl: 'https://evil.example/' },
      { frameUrl: 'file:///tmp/index.html' },
      { frameUrl: own, parent: true },
    ];
    for (const channel of channelNames) {
      for (const frame of strangers) {
        expect(await electron.invoke(channel, {}, frame), `${channel} ${frame.frameUrl}`).toEqual(
          refusal,
        );
      }
    }
    // Said in the user's language by the window (notice.ts), as every refusal of the core is.
    expect((await loadTranslator('de')).say(refusal.error.said as Said)).toBe(
      'Abgelehnt: Der Aufruf kam nicht aus dem Roadcam-Fenster.',
    );
  });
});

describe('roadcam-media://', () => {
  it('is registered privileged before ready, for streaming and fetch', () => {
    expect(electron.privilegedSchemes()).toEqual([
      expect.objectContaining({
        scheme: 'roadcam-media',
        privileges: expect.objectContaining({ secure: true, stream: true, supportFetchAPI: true }),
      }),
    ]);
  });

  it("answers a camera's live image as a JPEG, and nothing on another host", async () => {
    const search = (await electron.invoke('cameras.search', { limit: 1 })) as {
      value: { features: { id: string }[] };
    };
    const camera = search.value.features[0]!.id;
    const live = await electron.fetchMedia(`roadcam-media://app/cameras/${camera}/live`);
    expect(live.status).toBe(200);
    expect(live.headers.get('content-type')).toBe('image/jpeg');
    const bytes = new Uint8Array(await live.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const other = await electron.fetchMedia(`roadcam-media://elsewhere/cameras/${camera}/live`);
    expect(other.status).toBe(404);
    expect(await other.text()).toBe('Unknown media host.');
  });
});
