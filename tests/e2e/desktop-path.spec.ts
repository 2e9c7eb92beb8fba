/**
 * The desktop path end to end: the renderer the desktop window loads, in Chromium, with the real
 * preload bundle (out/preload/index.cjs) evaluated in the page and its ipcRenderer wired to the
 * real desktop entry (src/desktop/index.ts on the Electron stand-in, in a child Node process).
 * Nothing here is browser mode: there is no host, no socket and no token.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { say, sayWithin, VIEW_KEYS } from './say.ts';
import { ANY_NUMBER, sayPattern } from './say-pattern.ts';
import { startDesktopApp, type DesktopApp } from '../helpers/desktop-main.ts';
import { APP_ORIGIN, pageUrlFor, wireDesktopPage } from '../helpers/desktop-page.ts';
import type { Api } from '../../src/shared/ipc.ts';
import type { DownloadsUpdate } from '../../src/shared/ipc/downloads.ts';

const test = base.extend<{ desktop: DesktopApp }>({
  // Every test runs in the desktop window, even one that never talks to the main process itself.
  desktop: [
    async ({ context, page }, use, testInfo) => {
      const desktop = await startDesktopApp();
      // Browser mode would open a socket to its host; the desktop window has none.
      const sockets: string[] = [];
      page.on('websocket', (socket) => sockets.push(socket.url()));
      try {
        await wireDesktopPage(context, desktop);
        await page.goto(pageUrlFor(desktop.loadedUrl()));
        await use(desktop);
        expect(sockets).toEqual([]);
      } finally {
        if (testInfo.status !== testInfo.expectedStatus) {
          await testInfo.attach('main process', { body: desktop.output() });
        }
        await page.close();
        await desktop.stop();
      }
    },
    { auto: true },
  ],
});

// Each test starts a main process (its modules, a small world): seconds, more on a loaded machine;
// and the service makes a recording's files at their first download.
test.describe.configure({ timeout: 90_000 });

const views = VIEW_KEYS;

test('the desktop window opens every view through the preload, with nothing of Node in the page', async ({
  context,
  page,
}, testInfo) => {
  const globals = await page.evaluate(() => ({
    api: typeof (window as { api?: unknown }).api,
    methods: Object.keys((window as { api?: object }).api ?? {}).sort(),
    require: typeof (globalThis as { require?: unknown }).require,
    process: typeof (globalThis as { process?: unknown }).process,
    module: typeof (globalThis as { module?: unknown }).module,
    Buffer: typeof (globalThis as { Buffer?: unknown }).Buffer,
    preload: Object.keys(window).filter((key) => key.startsWith('__roadcam')),
  }));
  expect(globals).toEqual({
    api: 'object',
    methods: ['invoke', 'on'],
    require: 'undefined',
    process: 'undefined',
    module: 'undefined',
    Buffer: 'undefined',
    preload: [],
  });
  // The status bar's facts came from the main process through ipcMain.
  await expect(page.getByTestId('status-online')).toHaveText(sayWithin('shell.status.online'));

  const nav = page.getByRole('navigation', { name: say('nav.label') });
  for (const key of views) {
    const name = say(key);
    await nav.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  }
  // Settings shows the desktop app's own choices, which browser mode shows disabled.
  const tray = page.getByRole('region', { name: say('settings.desktop') });
  await expect(tray.getByRole('checkbox', { name: say('settings.desktop.login') })).toBeEnabled();
  expect((await seriousViolations(page)).join('\n')).toBe('');
  await page.screenshot({ path: testInfo.outputPath('desktop-settings.png') });

  // The bridge hands ipcMain each caller's own address: a page of another origin that got the
  // same preload is refused by the entry's trusted-frame check, as in Electron.
  const other = await context.newPage();
  await context.route('http://elsewhere.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Elsewhere</title>' }),
  );
  await other.goto('http://elsewhere.example/');
  const refused = await other.evaluate(() =>
    (window as unknown as { api: Api }).api.invoke('app.status', {}).catch(String),
  );
  // The refusal's message is the log's English (the entry has no words for a page not its own).
  expect(refused).toBe('IpcError: Refused: the call did not come from the Roadcam window.');
  await other.close();
});

test('a download batch completes through the desktop path, its progress sent by webContents.send', async ({
  page,
  desktop,
}, testInfo) => {
  const nav = page.getByRole('navigation', { name: say('nav.label') });
  await nav.getByRole('link', { name: say('view.downloads'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: say('view.downloads') })).toBeVisible();
  await page.getByLabel(say('downloads.filters.longest')).fill('2');
  await page.getByRole('button', { name: say('downloads.search.submit') }).click();
  await expect(page.getByText(recordingsMatch())).toBeVisible();
  const boxes = page.getByRole('checkbox', {
    name: sayPattern('downloads.search.select', { id: /rec_\S+/ }, { anchor: 'start' }),
  });
  await expect(boxes.nth(1)).toBeVisible();
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  // The folder left empty: the settings' download folder, ~/Downloads/Roadcam of the app's home.
  await page.getByRole('button', { name: say('downloads.new.download', { count: 2 }) }).click();

  const batch = page.getByTestId('download-batch').first();
  const items = batch.getByTestId('download-item');
  await expect(items).toHaveCount(4);
  await expect(batch).toHaveAttribute('data-state', 'completed', { timeout: 45_000 });
  for (const item of await items.all()) {
    await expect(item).toHaveAttribute('data-state', 'completed');
    await expect(item.getByTestId('item-percent')).toHaveText('100%');
  }
  await page.screenshot({ path: testInfo.outputPath('desktop-downloads.png'), fullPage: true });
  // The view learns of progress only from the events the main process sends to the window:
  // the batch's completion came as one.
  const updates = desktop.delivered('downloads.update') as DownloadsUpdate[];
  expect(updates.some((u) => u.batches.some((b) => b.state === 'completed'))).toBe(true);

  // The files are on disk, each as long as the service said and with the checksum it recorded.
  const listed = await page.evaluate(() =>
    (window as unknown as { api: Api }).api.invoke('downloads.list', {}),
  );
  const folder = listed.batches[0]!.folder;
  expect(folder).toBe(join(desktop.dataDir, 'home/Downloads/Roadcam'));
  expect(listed.items).toHaveLength(4);
  for (const item of listed.items) {
    const file = join(folder, item.name);
    expect(statSync(file).size, file).toBe(item.bytesTotal);
    expect(createHash('sha256').update(readFileSync(file)).digest('hex'), file).toBe(item.sha256);
  }
});

test('a roadcam:// link given to a second start opens its view, its picture through the media protocol', async ({
  page,
  desktop,
}) => {
  await page
    .getByRole('navigation', { name: say('nav.label') })
    .getByRole('link', { name: say('view.downloads'), exact: true })
    .click();
  await page.getByLabel(say('downloads.filters.longest')).fill('2');
  await page.getByRole('button', { name: say('downloads.search.submit') }).click();
  const id = (await page.getByRole('link', { name: /^rec_/ }).first().textContent())!.trim();
  await page
    .getByRole('navigation', { name: say('nav.label') })
    .getByRole('link', { name: say('view.alerts'), exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: say('view.alerts') })).toBeVisible();

  await desktop.secondInstance(['/usr/bin/roadcam', `roadcam://downloads/recording/${id}`]);
  await expect(
    page.getByRole('heading', { name: say('downloads.detail.title', { id }) }),
  ).toBeVisible();
  expect(desktop.delivered('app.openRoute')).toEqual([{ route: `/downloads/recording/${id}` }]);
  expect(new URL(page.url()).origin).toBe(APP_ORIGIN);
  // The preview frame is an <img> of roadcam-media://app/...: the stand-in's protocol.handle
  // handler answered it from the core's media resolver, and Chromium drew the picture.
  const frame = page.getByRole('img', { name: say('downloads.detail.frame', { id }) });
  await expect
    .poll(() => frame.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
      timeout: 30_000,
    })
    .toBeGreaterThan(0);
  expect(desktop.mediaAsked()).toContain(`roadcam-media://app/recordings/${id}/frame.jpg`);
});

/** "N complete recordings match.", whatever N. */
function recordingsMatch(): RegExp {
  return sayPattern('downloads.search.match', { count: ANY_NUMBER, status: 'complete' });
}
