import { english } from '../shared/i18n/english.ts';
import { readTourQuery, saySentences, tourQuery, type Tour } from '../shared/tour.ts';

/** The desktop app's start option for a screen on a control room's wall. */
export const KIOSK_FLAG = '--kiosk';
/** With --kiosk: the display it opens on, by number from the left (displays.ts). */
export const DISPLAY_FLAG = '--display';

/** `--display N` or `--display=N`: the number as typed, '' when the flag has none, or null. */
export function displayArgument(argv: readonly string[]): string | null {
  const at = argv.indexOf(DISPLAY_FLAG);
  if (at !== -1) return argv[at + 1] ?? '';
  const joined = argv.find((arg) => arg.startsWith(`${DISPLAY_FLAG}=`));
  return joined === undefined ? null : joined.slice(DISPLAY_FLAG.length + 1);
}

export interface KioskStart {
  /** The route the window opens on. */
  route: string;
  /** Why the window shows no tour, in English words for the log, or null when it starts one. */
  problem: string | null;
}

/**
 * `--kiosk`: the window starts full screen on a wall tour, the one a `roadcam://wall?tour=...`
 * link names (`linkRoute`, from deep-link.ts) or else the last tour the user started or kept
 * (never one a link alone started: tour.svelte.ts). Null without the flag. A link with a wrong
 * tour still opens (the wall says what is wrong with it).
 */
export function kioskStart(
  argv: readonly string[],
  linkRoute: string | null,
  lastTour: Tour | null,
): KioskStart | null {
  if (!argv.includes(KIOSK_FLAG)) return null;
  const [path, search = ''] = (linkRoute ?? '').split('?', 2);
  const query = Object.fromEntries(new URLSearchParams(search));
  if (path === '/wall' && query['tour'] !== undefined) {
    const read = readTourQuery(query);
    return {
      route: linkRoute!,
      problem: read.ok ? null : saySentences(english, read.problems),
    };
  }
  const last = lastTour ? `/wall?${tourQuery(lastTour)}` : null;
  const problem =
    linkRoute !== null
      ? english.t('wall.tour.kiosk.otherView', { path: path ?? '' })
      : last === null
        ? english.t('wall.tour.kiosk.noTour')
        : null;
  return { route: linkRoute ?? last ?? '/wall', problem };
}
