/**
 * The Electron entry: the only module (with src/desktop/electron/) that imports `electron`. It
 * starts the plain-Node core, opens the locked-down window and wires the IPC contract to it.
 */
import { join } from 'node:path';
import { app, BrowserWindow, dialog, screen, session } from 'electron';
import {
  connectionFromSettings,
  type Core,
  createLog,
  defaultDataDir,
  demoWorldFromEnv,
  type Log,
  logsDirOf,
  savedSettings,
  startCore,
} from '../engine/index.ts';
import { linkFromArgv, readLink } from './deep-link.ts';
import { forwardEvents, registerIpc } from './electron/ipc.ts';
import { handleMediaScheme, registerMediaScheme } from './electron/media-protocol.ts';
import { helpActions, installMenu } from './electron/menu.ts';
import { startCrashReporter, watchCrashes } from './electron/crash.ts';
import { notifyUser } from './electron/notifications.ts';
import { showDownloadsOnTaskbar } from './electron/taskbar.ts';
import { closeBeforeQuit, type Quitting } from './electron/quit.ts';
import { askBeforeQuit, startBackground, type Background } from './electron/background.ts';
import { desktopBridge } from './electron/desktop.ts';
import { desktopUpdates } from './electron/updater.ts';
import { keepRunningOnUncaught } from './electron/uncaught.ts';
import { agreeWithPage, errorInWords, followLanguage, shellWords } from './electron/language.ts';
import { cliArguments, runCli } from './electron/cli.ts';
import { createMainWindow, isTrustedFrame, lockDownSession } from './electron/window.ts';
import { displayArgument, kioskStart } from './kiosk.ts';
import { displayByNumber } from './displays.ts';
import { english } from '../shared/i18n/english.ts';
import { said } from '../shared/i18n/translator.ts';
import { defaultSettings, type Settings } from '../shared/settings.ts';
import { IpcError } from '../shared/ipc.ts';
import { wallWindowRequest, type WallWindowRequest } from './wall-window.ts';
import { numberedDisplays, startWallScreens, type WallScreens } from './electron/wall-screens.ts';

let core: Core | undefined;
/** The core as it starts: quitting waits for it to finish starting, then closes it. */
let startingCore: Promise<Core> | undefined;
/** Lines logged before the log file opens (a refused link in argv): written to it then. */
const early: string[] = [];
let log: Log = (line) => {
  console.error(line);
  if (early.length < 100) early.push(line);
};
/** The tray, and what closing the window does while downloads run. */
let background: Background | undefined;
let quitting: Quitting | undefined;
/** Saved walls in windows of their own (once the core has started). */
let walls: Promise<WallScreens> | undefined;
/** A roadcam:// link that arrived before the window could show it. */
let pendingRoute: string | null = routeOf(linkFromArgv(process.argv));

/** A link's route; a link refused (malformed, too long, not Roadcam's) is logged in words. */
function routeOf(link: string | null): string | null {
  if (link === null) return null;
  const reading = readLink(link);
  if ('route' in reading) return reading.route;
  log(`refused a roadcam:// link: ${reading.refused}`, 'warn');
  return null;
}

/** Shows a roadcam:// link's route in the window (or keeps it for the window to come). */
function openLink(link: string | null): void {
  const route = routeOf(link);
  if (route !== null && openOnDisplay(route)) return;
  const window = BrowserWindow.getAllWindows()[0];
  if (window) {
    if (window.isMinimized()) window.restore();
    window.show(); // it may be waiting in the tray
    window.focus();
    if (route) showRoute(route);
  } else if (route) {
    pendingRoute = route;
  }
}

/**
 * A link that puts a saved wall on a display (`&display=N`) opens its window, or is refused in
 * words; true when the link was one.
 */
function openOnDisplay(route: string): boolean {
  const reading = wallWindowRequest(route);
  if (reading === null) return false;
  if ('refused' in reading) log(`refused a roadcam:// link: ${reading.refused}`, 'warn');
  else void openWall(reading.request);
  return true;
}

function openWall(request: WallWindowRequest): Promise<void> | undefined {
  return walls?.then(
    (ready) => ready.open(request),
    () => {},
  );
}

/**
 * Sends a route to the page; while the core is still starting (a first demo start builds its
 * world) the route waits for it. A core that fails to start says so itself.
 */
function showRoute(route: string): void {
  if (core) return core.hub.emit('app.openRoute', { route });
  startingCore?.then(
    (ready) => ready.hub.emit('app.openRoute', { route }),
    () => {},
  );
}

const cli = cliArguments(process.argv, process.defaultApp === true);
if (cli) {
  // out/main/index.js -> out/cli/main.js (vite.cli.config.ts builds it beside the app).
  runCli(cli, join(import.meta.dirname, '../cli/main.js'), (code) => app.exit(code));
} else if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  keepRunningOnUncaught(() => log);
  startCrashReporter(process.env.ROADCAM_DATA_DIR ?? app.getPath('userData'));
  watchCrashes(
    () => log,
    (notice) => core?.diagnostics.windowReloaded(notice),
  );
  registerMediaScheme();
  agreeWithPage();
  app.setAsDefaultProtocolClient('roadcam');
  // Windows and Linux start a second instance with the link; macOS sends open-url.
  app.on('second-instance', (_event, argv) => openLink(linkFromArgv(argv)));
  app.on('open-url', (event, url) => {
    event.preventDefault();
    openLink(url);
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  quitting = closeBeforeQuit(
    app,
    async () => {
      const ready = await startingCore?.catch(() => undefined);
      await ready?.close();
    },
    (line) => log(line),
    // Downloads running: the user is asked first, and a Cancel keeps everything running.
    { confirm: () => askBeforeQuit(background?.running() ?? 0) },
  );
  void app.whenReady().then(start);
}

function start(): void {
  const dataDir = process.env.ROADCAM_DATA_DIR ?? app.getPath('userData') ?? defaultDataDir();
  log = createLog(dataDir);
  for (const line of early.splice(0)) log(`before the start: ${line}`);
  lockDownSession();
  // Demo mode until an account is chosen in Settings. The window opens at once; calls wait for
  // the core (the first demo start builds a world). An account that cannot be used (its secret
  // gone from the keychain) falls back to demo mode rather than leaving the app unusable.
  const demo = demoWorldFromEnv(process.env.ROADCAM_DEMO_WORLD);
  if (demo.problem) log(demo.problem, 'warn');
  const desktop = {
    ...desktopBridge(),
    // The wall's "Open on display": the displays, and a wall put on one (wall-screens.ts).
    wallDisplays: numberedDisplays,
    showWallOnDisplay: async (wallId: number, display: number, kiosk: boolean) => {
      if (!walls) throw stillStarting();
      await (await walls).place({ wallId, display: String(display), kiosk, tour: '' });
    },
  };
  // The system's proxy settings, PAC included, as Chromium resolves them for this session.
  const network = { systemProxy: (url: string) => session.defaultSession.resolveProxy(url) };
  // electron-updater where this copy replaces itself; the core's own reader for a deb or rpm.
  const updates = desktopUpdates(log);
  const starting = connectionFromSettings(dataDir, demo.world).then((connection) =>
    startCore({ dataDir, connection, log, desktop, network, updates }).catch((error: Error) => {
      if (connection.kind === 'demo') throw error;
      log(`could not use the chosen account (${error.message}); starting in demo mode`);
      const fallback = { kind: 'demo' as const, world: demo.world };
      return startCore({ dataDir, connection: fallback, log, desktop, network, updates });
    }),
  );
  startingCore = starting;
  const saved = settingsOrDefaults(dataDir);
  // The menu and tray are drawn at once (English until the catalogue loads), then again.
  const speaking = followLanguage(saved.language, starting);
  walls = starting.then((ready) => {
    const shown = startWallScreens(ready, {
      log,
      quitting: () => quitting?.confirmed ?? false,
      confirm: (question) => desktop.confirm(question),
    });
    void shown.restore();
    return shown;
  });
  if (pendingRoute !== null && openOnDisplay(pendingRoute)) pendingRoute = null;
  registerIpc(starting, isTrustedFrame);
  handleMediaScheme(starting);
  starting.then(
    (ready) => {
      core = ready;
      notifyUser(ready, (route) => ready.hub.emit('app.openRoute', { route }));
      showDownloadsOnTaskbar(ready);
      background?.follow(ready);
      // Settings chose another account or demo mode: a fresh start switches cleanly.
      ready.hub.on('app.restartRequested', () => {
        setTimeout(() => {
          app.relaunch();
          quitting?.quitWithoutAsking();
        }, 500);
      });
    },
    (error: Error) => {
      log(`core failed to start: ${error.message}`);
      // Said once the shell speaks the user's language (its catalogue may still be loading);
      // a catalogue that fails to load leaves English, which still says it.
      void speaking
        .catch(() => undefined)
        .then(() => {
          dialog.showErrorBox(shellWords.words().t('desktop.start.failed'), errorInWords(error));
          app.quit();
        });
    },
  );
  installMenu(
    (route) => core?.hub.emit('app.openRoute', { route }),
    helpActions(() => core, logsDirOf(dataDir)),
  );
  // --kiosk: the first window opens full screen on a wall tour (kiosk.ts decides).
  const kiosk = kioskStart(process.argv, pendingRoute, saved.lastTour);
  if (kiosk?.problem) log(`kiosk: ${kiosk.problem}`);
  if (kiosk) pendingRoute = kiosk.route;
  const kioskDisplay = kiosk ? displayOfArgument() : undefined;
  let opened = 0;
  const openWindow = () => {
    const first = opened++ === 0;
    const window = createMainWindow(dataDir, pendingRoute, {
      // Hidden (started at login) or minimised applies to the first window only.
      start: first ? (kiosk ? 'fullScreen' : started.start) : 'shown',
      closing: () => started.closing(),
      ...(first && kioskDisplay ? { display: kioskDisplay } : {}),
    });
    pendingRoute = null;
    void starting.then((ready) => {
      const stop = forwardEvents(ready, window.webContents);
      window.on('closed', stop);
    });
  };
  const showWindow = () => {
    const window = BrowserWindow.getAllWindows()[0];
    if (!window) return openWindow();
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  };
  const started = startBackground({ dataDir, quitting: quitting!, log, showWindow });
  background = started;
  openWindow();
  // The dock icon (macOS): the window again, from the tray or after a close.
  app.on('activate', showWindow);
}

/**
 * The settings as saved, or the defaults when they cannot be read (a database a newer Roadcam
 * wrote): the core's start then fails and says why in a dialog, where a throw here would stop
 * the shell before it could say anything.
 */
function settingsOrDefaults(dataDir: string): Settings {
  try {
    return savedSettings(dataDir);
  } catch (error) {
    log(`the saved settings cannot be read (${(error as Error).message}); using the defaults`);
    return defaultSettings;
  }
}

/** A call that came before the core was there: the page says it in its user's language. */
function stillStarting(): IpcError {
  const starting = said('desktop.diagnostics.starting');
  return new IpcError({ code: 'failed', message: english.say(starting), said: starting });
}

/** `--kiosk --display N`: that display's bounds; a wrong number is logged with the displays. */
function displayOfArgument(): Electron.Rectangle | undefined {
  const number = displayArgument(process.argv);
  if (number === null) return undefined;
  const choice = displayByNumber(screen.getAllDisplays(), number);
  if ('display' in choice) return choice.display.bounds;
  log(`kiosk: --display: ${choice.refused} The main display is used.`, 'warn');
  return undefined;
}
