/**
 * What the desktop app does when a renderer or another Chromium process stops (Electron's
 * render-process-gone and child-process-gone, wired in electron/crash.ts): the log line, whether
 * the window is reloaded, and the notice the page shows after the reload.
 */
import { english } from '../shared/i18n/english.ts';
import type { Translator } from '../shared/i18n/translator.ts';

/** Electron's RenderProcessGoneDetails / Details, the fields used here. */
export interface GoneDetails {
  reason: string;
  exitCode: number;
}

/** A window reloaded this often within RELOAD_WINDOW_MS is left as it is: a reload loop helps no one. */
export const RELOADS_ALLOWED = 3;
export const RELOAD_WINDOW_MS = 60_000;

/** The log's words for each reason (the notices' are the catalogue's). */
const reasons: Record<string, string> = {
  'clean-exit': 'it exited',
  'abnormal-exit': 'it exited with an error',
  killed: 'it was killed',
  crashed: 'it crashed',
  oom: 'it ran out of memory',
  'launch-failed': 'it could not be started',
  'integrity-failure': 'its code failed an integrity check',
  'memory-eviction': 'the system reclaimed its memory',
};

/** The reason in words: "it ran out of memory"; an unknown one as Electron names it. */
export function reasonInWords(reason: string): string {
  return reasons[reason] ?? reason;
}

export function windowGoneLine(details: GoneDetails, reloaded: boolean): string {
  const then = reloaded
    ? 'reloaded'
    : details.reason === 'clean-exit'
      ? 'not reloaded'
      : `not reloaded: it stopped ${RELOADS_ALLOWED} times within a minute (restart Roadcam)`;
  return `window renderer gone: ${details.reason} (${reasonInWords(details.reason)}), exit code ${details.exitCode}; ${then}`;
}

/** Electron's child-process-gone Details: the process's type (GPU, Utility) and its name. */
export interface ChildGoneDetails extends GoneDetails {
  type: string;
  name?: string;
  serviceName?: string;
}

/** The log line for another process, or null for one that simply ended (nothing to say). */
export function childGoneLine(details: ChildGoneDetails): string | null {
  if (details.reason === 'clean-exit') return null;
  const name = details.serviceName || details.name;
  const which = name ? `${details.type} process (${name})` : `${details.type} process`;
  return `${which} gone: ${details.reason} (${reasonInWords(details.reason)}), exit code ${details.exitCode}`;
}

/** Electron's reasons as the catalogue's select names them (its own names have hyphens). */
const reasonKeys: Record<string, string> = {
  'clean-exit': 'cleanExit',
  'abnormal-exit': 'abnormalExit',
  killed: 'killed',
  crashed: 'crashed',
  oom: 'oom',
  'launch-failed': 'launchFailed',
  'integrity-failure': 'integrityFailure',
  'memory-eviction': 'memoryEviction',
};

function reasonParams(details: GoneDetails) {
  return { reason: reasonKeys[details.reason] ?? 'other', name: details.reason };
}

/**
 * What the page says once it is back, in the shell's language (the page's): shown by the
 * renderer after the reload.
 */
export function windowGoneNotice(details: GoneDetails, words: Translator = english): string {
  return words.t('desktop.gone.window', reasonParams(details));
}

/**
 * A GPU process that stopped may leave the window blank (Chromium restarts the process, not the
 * page's drawing): the window is reloaded as for its own renderer. Other processes (audio,
 * network) are restarted by Chromium without the page noticing.
 */
export function reloadsWindow(details: ChildGoneDetails): boolean {
  return details.type === 'GPU' && details.reason !== 'clean-exit';
}

export function gpuGoneNotice(details: GoneDetails, words: Translator = english): string {
  return words.t('desktop.gone.gpu', reasonParams(details));
}

/**
 * Whether a window whose renderer stopped is reloaded: not when it simply exited (the window is
 * closing), and not past RELOADS_ALLOWED reloads in RELOAD_WINDOW_MS (a page that crashes at
 * once on load would otherwise reload for ever).
 */
export class ReloadGuard {
  readonly #now: () => number;
  #reloads: number[] = [];

  constructor(now: () => number = () => performance.now()) {
    this.#now = now;
  }

  shouldReload(details: GoneDetails): boolean {
    if (details.reason === 'clean-exit') return false;
    const now = this.#now();
    this.#reloads = this.#reloads.filter((at) => now - at < RELOAD_WINDOW_MS);
    if (this.#reloads.length >= RELOADS_ALLOWED) return false;
    this.#reloads.push(now);
    return true;
  }
}
