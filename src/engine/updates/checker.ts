/**
 * Reads the update feed when it is due (or asked), decides what to do about what it offers, and
 * keeps the status Settings › Updates shows. Plain Node: the engine that reads the feed is
 * given (electron-updater in the desktop app, a plain request elsewhere).
 */
import { english } from '../../shared/i18n/english.ts';
import { said, type Said } from '../../shared/i18n/translator.ts';
import type { UpdateStatus } from '../../shared/ipc/updates.ts';
import type { Settings } from '../../shared/settings.ts';
import type { Log } from '../log.ts';
import { decide, type Decision } from './decide.ts';
import type { CheckPlan, UpdateEngine } from './engine.ts';
import {
  BUILT_IN_FEED,
  downloadUrl,
  feedFolder,
  FeedProblem,
  shownUrl,
  type FeedRelease,
} from './feed.ts';
import type { InstallKind } from './install.ts';
import { nextCheckDelay, UPDATE_TIMING, type UpdateTiming } from './schedule.ts';
import { failedWords, idleWords, noneWords, offerWords, offWords, spoken } from './words.ts';

export type UpdatePrefs = Pick<Settings, 'updateMode' | 'updateChannel' | 'updateFeedUrl'>;

export interface CheckerOptions {
  currentVersion: string;
  install: InstallKind;
  engine: UpdateEngine;
  /** Read at each check: a changed setting applies to the next one. */
  prefs: () => UpdatePrefs;
  onChange: (status: UpdateStatus) => void;
  log: Log;
  now?: () => number;
  timing?: Partial<UpdateTiming>;
  builtInFeed?: string;
}

export class UpdateChecker {
  readonly #o: CheckerOptions;
  readonly #timing: UpdateTiming;
  readonly #now: () => number;
  #status: UpdateStatus;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<UpdateStatus> | undefined;
  /** Bumped when the choices change: a check begun under the old ones is not reported. */
  #generation = 0;
  #closed = false;
  /** The choices the status was made under (the whole feed URL: a mirror's query may change). */
  #chosen: string;

  constructor(options: CheckerOptions) {
    this.#o = options;
    this.#chosen = this.#chosenNow();
    this.#timing = { ...UPDATE_TIMING, ...options.timing };
    this.#now = options.now ?? Date.now;
    this.#status = this.#resting();
  }

  get status(): UpdateStatus {
    return this.#status;
  }

  /** Installed apps read the feed on their own; browser mode and the CLI only when asked. */
  get #automatic(): boolean {
    return this.#o.install.kind !== 'not-installed' && this.#o.prefs().updateMode !== 'never';
  }

  start(): void {
    this.#o.engine.choose?.(this.#plan());
    this.#schedule(this.#timing.firstCheckMs);
  }

  /** The mode, channel or feed may have changed: what was found no longer holds. */
  prefsChanged(): void {
    const chosen = this.#chosenNow();
    if (chosen === this.#chosen) return;
    this.#chosen = chosen;
    this.#generation++;
    this.#running = undefined;
    this.#o.engine.choose?.(this.#plan());
    this.#set(this.#resting());
    this.#schedule(this.#timing.firstCheckMs);
  }

  /** Reads the feed now, unless checks are off; one read at a time. */
  check(): Promise<UpdateStatus> {
    if (this.#o.prefs().updateMode === 'never' || this.#closed)
      return Promise.resolve(this.#status);
    this.#running ??= this.#check().finally(() => (this.#running = undefined));
    return this.#running;
  }

  close(): void {
    this.#closed = true;
    clearTimeout(this.#timer);
  }

  async #check(): Promise<UpdateStatus> {
    const generation = this.#generation;
    const prefs = this.#o.prefs();
    const plan = this.#plan();
    clearTimeout(this.#timer);
    this.#set({ ...this.#status, state: 'checking', nextCheckAt: null });
    let next: UpdateStatus;
    let decision: Decision | null = null;
    try {
      const release = await this.#latest(plan);
      decision = decide({
        current: this.#o.currentVersion,
        offered: release.version,
        channel: plan.channel,
        mode: prefs.updateMode === 'notify' ? 'notify' : 'install',
        install: this.#o.install,
      });
      next = this.#found(decision, release, plan.feed);
    } catch (error) {
      next = this.#failed(error);
    }
    if (generation !== this.#generation || this.#closed) return this.#status;
    this.#set(next);
    this.#o.log(`update check (${plan.channel}, ${shownUrl(plan.feed)}): ${next.summary}`);
    this.#schedule(nextCheckDelay(next.state === 'failed', this.#timing));
    if (decision?.action === 'install-on-quit' && next.state === 'downloading')
      void this.#download(decision, generation);
    return this.#status;
  }

  #plan(): CheckPlan {
    const prefs = this.#o.prefs();
    return {
      feed: feedFolder(prefs.updateFeedUrl, this.#o.builtInFeed ?? BUILT_IN_FEED),
      channel: prefs.updateChannel,
      installOnQuit: prefs.updateMode === 'install' && this.#o.install.kind === 'self',
    };
  }

  #chosenNow(): string {
    const { updateMode, updateChannel, updateFeedUrl } = this.#o.prefs();
    return JSON.stringify([updateMode, updateChannel, updateFeedUrl]);
  }

  /** The engine's answer, or an error in words once the deadline has passed. */
  async #latest(plan: CheckPlan): Promise<FeedRelease> {
    const controller = new AbortController();
    const seconds = Math.round(this.#timing.deadlineMs / 1000);
    const timer = setTimeout(() => {
      const host = new URL(plan.feed).host;
      controller.abort(new FeedProblem(said('updates.reason.timeout', { host, seconds })));
    }, this.#timing.deadlineMs);
    const late = new Promise<never>((_, reject) =>
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason as Error)),
    );
    try {
      return await Promise.race([this.#o.engine.latest(plan, controller.signal), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  #found(decision: Decision, release: FeedRelease, feed: string): UpdateStatus {
    const base = { ...this.#resting(), checkedAt: new Date(this.#now()).toISOString() };
    if (decision.action === 'none')
      return {
        ...base,
        state: 'up-to-date',
        ...spoken(noneWords(this.#o.currentVersion, decision)),
      };
    const install = this.#o.install;
    const url = downloadUrl(
      release,
      feed,
      install.kind === 'package' ? `.${install.format}` : undefined,
    );
    // Downloaded already (a later check of the same release): it still installs on quit.
    const state =
      decision.action !== 'install-on-quit'
        ? 'available'
        : this.#status.state === 'ready' && this.#status.available === decision.version
          ? 'ready'
          : this.#o.engine.download
            ? 'downloading'
            : 'available';
    return {
      ...base,
      state,
      available: decision.version,
      downloadUrl: decision.action === 'tell' ? url : null,
      ...spoken(offerWords(decision, url, state, install)),
    };
  }

  async #download(decision: Decision & { action: 'install-on-quit' }, generation: number) {
    try {
      await this.#o.engine.download!();
      if (generation !== this.#generation || this.#closed) return;
      this.#set({
        ...this.#status,
        state: 'ready',
        ...spoken(offerWords(decision, '', 'ready', this.#o.install)),
      });
    } catch (error) {
      if (generation !== this.#generation || this.#closed) return;
      const why = said('updates.reason.download', {
        version: decision.version,
        detail: english.say(reason(error)),
      });
      this.#set({ ...this.#status, state: 'failed', ...spoken(failedWords(why, null)) });
    }
    this.#o.log(`update download: ${this.#status.summary}`);
  }

  #failed(error: unknown): UpdateStatus {
    const retry = this.#automatic ? Math.round(this.#timing.retryMs / 60_000) : null;
    return {
      ...this.#resting(),
      state: 'failed',
      checkedAt: new Date(this.#now()).toISOString(),
      ...spoken(failedWords(reason(error), retry)),
    };
  }

  /** The status before any check under the current choices. */
  #resting(): UpdateStatus {
    const prefs = this.#o.prefs();
    const off = prefs.updateMode === 'never';
    return {
      currentVersion: this.#o.currentVersion,
      mode: prefs.updateMode,
      channel: prefs.updateChannel,
      feed: shownUrl(feedFolder(prefs.updateFeedUrl, this.#o.builtInFeed ?? BUILT_IN_FEED)),
      install: this.#o.install.kind,
      state: off ? 'off' : 'idle',
      available: null,
      downloadUrl: null,
      ...spoken(off ? offWords() : idleWords(this.#o.currentVersion, this.#automatic)),
      checkedAt: null,
      nextCheckAt: null,
    };
  }

  #schedule(delayMs: number): void {
    clearTimeout(this.#timer);
    if (this.#closed || !this.#automatic) {
      this.#set({ ...this.#status, nextCheckAt: null });
      return;
    }
    this.#timer = setTimeout(() => void this.check(), delayMs);
    this.#timer.unref();
    this.#set({ ...this.#status, nextCheckAt: new Date(this.#now() + delayMs).toISOString() });
  }

  #set(status: UpdateStatus): void {
    // The page hears of a change, not of every step that left the status as it was.
    if (JSON.stringify(status) === JSON.stringify(this.#status)) return;
    this.#status = status;
    this.#o.onChange(status);
  }
}

/** Why a check failed, said: a FeedProblem's own reason, else the error's words as they are. */
function reason(error: unknown): Said {
  if (error instanceof FeedProblem) return error.said;
  const detail = error instanceof Error ? error.message : String(error);
  return said('updates.reason.other', { detail });
}
