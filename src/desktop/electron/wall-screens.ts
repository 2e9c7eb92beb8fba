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
import { english } from '../../shared/i18n/english.ts';
import { said } from '../../shared/i18n/translator.ts';
import { IpcError } from '../../shared/ipc.ts';
import type { WallDisplay } from '../../shared/ipc/wall.ts';
import { MAX_WALL_SCREENS, wallOnlyRoute, type WallScreen } from '../../shared/wall-screens.ts';
import {
  displayByNumber,
  displayGone,
  displaysLeftToRight,
  noDisplay,
  placeWall,
  type DisplayWords,
} from '../displays.ts';
import type { WallWindowRequest } from '../wall-window.ts';
import { forwardEvents } from './ipc.ts';
import { shellWords } from './language.ts';
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

/** Why a wall is not opened, in the words given: the shell's for a person, English for the log. */
type Refusal = (words: DisplayWords) => string;

/** A wall as a notice names it. */
const named = (words: DisplayWords, name: string) => words.t('desktop.wall.named', { name });

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
  const tell = (say: Refusal) => {
    log(`walls on displays: ${say(english)}`, 'warn');
    const words = shellWords.words();
    showNotification({ title: words.t('desktop.wall.title'), body: say(words) }, () => {});
  };
  const remember = () =>
    core.api
      .invoke('settings.update', { wallScreens: [...shown.values()].map((s) => s.saved) })
      .catch((error: Error) => log(`walls on displays: not remembered: ${error.message}`, 'warn'));
  const wallNames = async () =>
    new Map((await core.api.invoke('walls.list', {})).map((w) => [w.id, w.name]));

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
      tell((words) => displayGone(named(words, wall.name), gone.bounds, words));
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
        if (place.notice) {
          tell((words) => displayGone(named(words, name), wall.displayBounds, words));
        }
        show(wall, place.display, name);
      }
      // Deleted walls are forgotten; a wall on the main display for now keeps its own display.
      if (shown.size !== saved.length) await remember();
    },
    async open(request) {
      const checked = await check(request);
      if ('refused' in checked) {
        const why = checked.refused;
        return tell((words) => words.t('desktop.wall.notOpened', { why: why(words) }));
      }
      // Any web page can open a link: the person at the screen agrees before it takes one and
      // before it comes back at every start (a link's tour is never kept alone either).
      if (!(await options.confirm(wallQuestion(checked.name, request)))) {
        return log(`walls on displays: declined to open wall ${request.wallId} from a link`);
      }
      await put(request, checked);
    },
    async place(request) {
      const checked = await check(request);
      if ('refused' in checked) {
        // The page says `said` in its language; why, in the shell's (the same one, agreeWithPage).
        const why = checked.refused;
        const message = english.t('desktop.wall.notOpened', { why: why(english) });
        const refused = said('desktop.wall.notOpened', { why: why(shellWords.words()) });
        throw new IpcError({ code: 'failed', message, said: refused });
      }
      await put(request, checked);
    },
  };

  /** The display and the wall's name, or why the wall cannot be opened there. */
  async function check(
    request: WallWindowRequest,
  ): Promise<{ display: Display; name: string } | { refused: Refusal }> {
    const again = [...shown.values()].some((s) => s.saved.wallId === request.wallId);
    if (shown.size >= MAX_WALL_SCREENS && !again) {
      return { refused: (words) => words.t('desktop.wall.tooMany', { max: MAX_WALL_SCREENS }) };
    }
    const displays = screen.getAllDisplays();
    const choice = displayByNumber(displays, request.display);
    if ('refused' in choice)
      return { refused: (words) => noDisplay(displays, request.display, words) };
    const name = (await wallNames()).get(request.wallId);
    if (!name) {
      return { refused: (words) => words.t('desktop.wall.noSuchWall', { id: request.wallId }) };
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

/** The question before a link's wall is shown: its codes, said in the shell's language. */
function wallQuestion(name: string, request: WallWindowRequest): ConsentQuestion {
  const { display } = request;
  const question = {
    title: said('desktop.wall.askTitle', { name, display }),
    detail: [
      said('desktop.wall.askDetail', {
        name,
        display,
        kiosk: request.kiosk ? 'yes' : 'no',
        tour: request.tour ? 'yes' : 'no',
      }),
    ],
    declined: said('desktop.wall.declined'),
    unasked: said('desktop.wall.unasked'),
  };
  return {
    title: english.say(question.title),
    detail: english.say(question.detail[0]!),
    agree: shellWords.words().t('desktop.wall.showThere'),
    declined: english.say(question.declined),
    unasked: english.say(question.unasked),
    said: question,
  };
}
