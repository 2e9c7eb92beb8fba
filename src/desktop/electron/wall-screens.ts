/**
 * Saved walls in windows of their own, one on each display of a control room: opened by a
 * link (`roadcam://wall?wall=ID&display=N`), remembered in the settings (which wall, which
 * display) and opened again at the next start. A display unplugged, or gone by the next start,
 * leaves its wall on the main display with a notice. Each window is the app's own page at a
 * wall-only address, locked down as the main window is (window.ts), on the one engine; each
 * runs its own tour. The decisions are in displays.ts and wall-window.ts, tested in Node.
 */
import { screen, type BrowserWindow, type Display } from 'electron';
import type { ConsentQuestion, Core, Log } from '../../engine/index.ts';
import type { WallDisplay } from '../../shared/ipc/wall.ts';
import { MAX_WALL_SCREENS, wallOnlyRoute, type WallScreen } from '../../shared/wall-screens.ts';
import { displayByNumber, displayGone, displaysLeftToRight, placeWall } from '../displays.ts';
import type { WallWindowRequest } from '../wall-window.ts';
import { forwardEvents } from './ipc.ts';
import { showNotification } from './notifications.ts';
import { loadRoute, lockedWindow } from './window.ts';

export interface WallScreens {
  /** Opens the walls remembered in the settings, each on its display (or the main one). */
  restore(): Promise<void>;
  /** A link's wall on a display, remembered for the next start. */
  open(request: WallWindowRequest): Promise<void>;
  /**
   * The wall's "Open on display" (asked in the app itself, so no question): remembered as a
   * link's is; rejects with the refusal in words.
   */
  place(request: WallWindowRequest): Promise<void>;
}

interface Shown {
  saved: WallScreen;
  /** The display it is on now: the main one after a fallback. */
  displayId: number;
  name: string;
}

export interface WallScreensOptions {
  log: Log;
  /** Windows closing now close for a quit, and stay remembered. */
  quitting(): boolean;
  /** The desktop's warning box (desktop.ts): true when the user agreed. */
  confirm(question: ConsentQuestion): Promise<boolean>;
}

export function startWallScreens(core: Core, options: WallScreensOptions): WallScreens {
  const { log, quitting } = options;
  const shown = new Map<BrowserWindow, Shown>();
  const tell = (text: string) => {
    log(`walls on displays: ${text}`, 'warn');
    showNotification({ title: 'Roadcam wall', body: text }, () => {});
  };
  const remember = () =>
    core.api
      .invoke('settings.update', { wallScreens: [...shown.values()].map((s) => s.saved) })
      .catch((error: Error) => log(`walls on displays: not remembered: ${error.message}`, 'warn'));
  const wallNames = async () =>
    new Map((await core.api.invoke('walls.list', {})).map((w) => [w.id, `the wall “${w.name}”`]));

  function show(saved: WallScreen, display: Display, name: string): void {
    // One window per wall: asked for again, it moves to the display asked for.
    for (const [window, other] of shown) if (other.saved.wallId === saved.wallId) window.destroy();
    const window = lockedWindow({
      ...display.bounds,
      fullscreen: !saved.kiosk,
      kiosk: saved.kiosk,
    });
    shown.set(window, { saved, displayId: display.id, name });
    loadRoute(window, wallOnlyRoute(saved.wallId, saved.tour));
    window.once('ready-to-show', () => window.show());
    const stop = forwardEvents(core, window.webContents);
    window.on('closed', () => {
      stop();
      // Closed by hand: not opened again at the next start; closed by a quit: it is.
      if (shown.delete(window) && !quitting()) void remember();
    });
  }

  screen.on('display-removed', (_event, gone) => {
    const main = screen.getPrimaryDisplay();
    for (const [window, wall] of shown) {
      if (wall.displayId !== gone.id || window.isDestroyed()) continue;
      wall.displayId = main.id;
      window.setKiosk(false);
      window.setFullScreen(false);
      window.setBounds(main.bounds);
      if (wall.saved.kiosk) window.setKiosk(true);
      else window.setFullScreen(true);
      tell(displayGone(wall.name, gone.bounds));
    }
  });

  return {
    async restore() {
      const saved = (await core.api.invoke('settings.get', {})).wallScreens;
      if (saved.length === 0) return;
      const names = await wallNames();
      for (const wall of saved) {
        const name = names.get(wall.wallId);
        if (!name) {
          log(`walls on displays: wall ${wall.wallId} was deleted; it is not opened again`);
          continue;
        }
        const place = placeWall(wall, screen.getAllDisplays(), screen.getPrimaryDisplay(), name);
        if (place.notice) tell(place.notice);
        show(wall, place.display, name);
      }
      // Deleted walls are forgotten; a wall on the main display for now keeps its own display.
      if (shown.size !== saved.length) await remember();
    },
    async open(request) {
      const checked = await check(request);
      if ('refused' in checked) return tell(`The wall was not opened: ${checked.refused}`);
      // Any web page can open a link: the person at the screen agrees before it takes one and
      // before it comes back at every start (a link's tour is never kept alone either).
      if (!(await options.confirm(wallQuestion(checked.name, request)))) {
        return log(`walls on displays: declined to open wall ${request.wallId} from a link`);
      }
      await put(request, checked);
    },
    async place(request) {
      const checked = await check(request);
      if ('refused' in checked) throw new Error(`The wall was not opened: ${checked.refused}`);
      await put(request, checked);
    },
  };

  /** The display and the wall's name, or why the wall cannot be opened there. */
  async function check(
    request: WallWindowRequest,
  ): Promise<{ display: Display; name: string } | { refused: string }> {
    const again = [...shown.values()].some((s) => s.saved.wallId === request.wallId);
    if (shown.size >= MAX_WALL_SCREENS && !again) {
      return {
        refused: `${MAX_WALL_SCREENS} walls are open in windows of their own, the most Roadcam keeps. Close one first.`,
      };
    }
    const choice = displayByNumber(screen.getAllDisplays(), request.display);
    if ('refused' in choice) return choice;
    const name = (await wallNames()).get(request.wallId);
    if (!name) {
      return {
        refused: `there is no saved wall ${request.wallId}. Copy the link again from the wall.`,
      };
    }
    return { display: choice.display, name };
  }

  async function put(
    request: WallWindowRequest,
    { display, name }: { display: Display; name: string },
  ): Promise<void> {
    const saved: WallScreen = {
      wallId: request.wallId,
      displayId: display.id,
      displayBounds: display.bounds,
      kiosk: request.kiosk,
      ...(request.tour ? { tour: request.tour } : {}),
    };
    show(saved, display, name);
    await remember();
  }
}

/** The displays, numbered as links and --display do, with their size. */
export function numberedDisplays(): WallDisplay[] {
  const primary = screen.getPrimaryDisplay().id;
  return displaysLeftToRight(screen.getAllDisplays()).map((d, i) => ({
    number: i + 1,
    width: d.bounds.width,
    height: d.bounds.height,
    primary: d.id === primary,
  }));
}

function wallQuestion(name: string, request: WallWindowRequest): ConsentQuestion {
  const how = `${request.kiosk ? 'as a kiosk' : 'full screen'}${request.tour ? ' on a tour' : ''}`;
  return {
    title: `Show ${name} on display ${request.display}?`,
    detail:
      `A link asks to show ${name} ${how} on display ${request.display} (numbered from the left), ` +
      'and again at every start of Roadcam until its window is closed.',
    agree: 'Show it there',
    declined: 'The wall was not opened.',
    unasked: 'The wall was not opened: no one could be asked.',
  };
}
