/// <reference types="electron-vite/node" />
import { readFileSync } from 'node:fs';
import { Menu, nativeImage, Tray, type MenuItemConstructorOptions } from 'electron';
import type { Core } from '../../engine/index.ts';
import type { Translator } from '../../shared/i18n/translator.ts';
import {
  alwaysThere,
  TrayProgress,
  type TrayAction,
  type TrayMenuItem,
  type TrayState,
} from '../tray/progress.ts';
import colour from '../tray/icons/tray.png?asset';
import colour2x from '../tray/icons/tray@2x.png?asset';
import template from '../tray/icons/trayTemplate.png?asset';
import template2x from '../tray/icons/trayTemplate@2x.png?asset';
import { shellWords } from './language.ts';

export interface TrayHandlers {
  /** Shows the window (opening a new one if it was closed). */
  open(): void;
  quit(): void;
}

export interface AppTray {
  /** Follows the downloads of the started core: progress, Pause all, Resume all. */
  follow(core: Core): void;
  /** Batches with files still to fetch (0 until the core has started). */
  running(): number;
}

/**
 * The tray icon (the menu bar on macOS) with the downloads' progress as its tooltip and first
 * menu item, Pause all / Resume all, Open Roadcam and Quit. The figures and the menu come from
 * TrayProgress; this only draws them, in the shell's language (again when it changes), and runs
 * the chosen item.
 */
export function createAppTray(handlers: TrayHandlers): AppTray {
  const tray = new Tray(trayImage());
  let state: TrayState | null = null;
  let progress: TrayProgress | null = null;
  let core: Core | null = null;
  let shown = '';
  let pending: NodeJS.Timeout | undefined;

  const run = (action: TrayAction) => {
    if (action === 'open') return handlers.open();
    if (action === 'quit') return handlers.quit();
    if (!core) return;
    const ready = core;
    const channel = action === 'pauseAll' ? 'downloads.pause' : 'downloads.resume';
    ready.api
      .invoke(channel, { all: true })
      .catch((error: Error) => ready.log(`tray: ${action} failed: ${error.message}`));
  };
  const draw = (menu: TrayMenuItem[], tooltip: string) => {
    // The speed changes with every update; a menu rebuilt a few times a second flickers.
    const key = JSON.stringify(menu);
    if (key === shown) return;
    shown = key;
    tray.setToolTip(tooltip);
    tray.setContextMenu(Menu.buildFromTemplate(menu.map((item) => menuItem(item, run))));
  };
  const redraw = () => {
    if (pending || !state) return;
    const next = state;
    draw(next.menu, next.tooltip);
    pending = setTimeout(() => {
      pending = undefined;
      if (state !== next) redraw();
    }, 1000);
  };

  const drawStarting = () => {
    const words = shellWords.words();
    draw(startingMenu(words), words.t('desktop.tray.startingTooltip'));
  };
  drawStarting();
  shellWords.onChange(() => {
    if (!progress) return drawStarting();
    state = progress.state(shellWords.words());
    redraw();
  });
  // Windows and most Linux trays: a click opens the window, a right click the menu.
  if (process.platform !== 'darwin') tray.on('click', () => handlers.open());
  return {
    follow(started) {
      core = started;
      const following = new TrayProgress(started.downloads.snapshot());
      progress = following;
      state = following.state(shellWords.words());
      redraw();
      started.hub.on('downloads.update', (update) => {
        state = following.update(update, shellWords.words());
        redraw();
      });
    },
    running: () => state?.running ?? 0,
  };
}

function menuItem(
  item: TrayMenuItem,
  run: (action: TrayAction) => void,
): MenuItemConstructorOptions {
  if (item.kind === 'separator') return { type: 'separator' };
  if (item.kind === 'status') return { label: item.label, enabled: false };
  return { label: item.label, enabled: item.enabled, click: () => run(item.action) };
}

function startingMenu(words: Translator): TrayMenuItem[] {
  return [
    { kind: 'status', label: words.t('desktop.tray.starting') },
    { kind: 'separator' },
    ...alwaysThere(words),
  ];
}

/** A black silhouette macOS tints to the menu bar; the app's icon elsewhere; both at 1x and 2x. */
function trayImage(): Electron.NativeImage {
  const mac = process.platform === 'darwin';
  const image = nativeImage.createFromPath(mac ? template : colour);
  image.addRepresentation({ scaleFactor: 2, buffer: readFileSync(mac ? template2x : colour2x) });
  if (mac) image.setTemplateImage(true);
  return image;
}
