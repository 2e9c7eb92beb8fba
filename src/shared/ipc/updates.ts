import { z } from 'zod';
import type { Settings } from '../settings.ts';
import type { UpdateSaid } from '../update-words.ts';
import { once, onFirstUse } from './first-use.ts';
import { type } from './marker.ts';

const none = once(() => z.object({}).strict());

/** Where updates stand, as Settings › Updates shows it. */
export interface UpdateStatus {
  currentVersion: string;
  mode: Settings['updateMode'];
  channel: Settings['updateChannel'];
  /** The feed folder in use (the setting's mirror or the built-in one), without its query. */
  feed: string;
  /**
   * `self`: the app replaces itself on quit; `package`: a deb or rpm, told and not replaced;
   * `not-installed`: browser mode and the CLI, where the desktop app manages updates.
   */
  install: 'self' | 'package' | 'not-installed';
  state:
    'off' | 'idle' | 'checking' | 'up-to-date' | 'available' | 'downloading' | 'ready' | 'failed';
  /** The newer version the feed offers, once found. */
  available: string | null;
  /** Where to download it by hand, when the app does not install it itself. */
  downloadUrl: string | null;
  /** The state in English words (the log's), without the time of the check (the page adds it, in its zone). */
  summary: string;
  /** What to do next, when there is something to do ("sudo apt install ./Roadcam.deb"). */
  advice: string | null;
  /** The summary and advice as the core means them: each front end says them in its language. */
  said: UpdateSaid;
  /** When the feed was last read, ISO 8601 UTC. */
  checkedAt: string | null;
  /** When it is read next on its own, ISO 8601 UTC; null when only "Check now" reads it. */
  nextCheckAt: string | null;
}

export const updatesChannels = onFirstUse({
  'updates.status': { input: none, result: type<UpdateStatus>() },
  /** Reads the feed now (the answer says what was found, or why it could not be read). */
  'updates.check': { input: none, result: type<UpdateStatus>() },
} as const);

export const updatesEvents = {
  'updates.changed': type<UpdateStatus>(),
} as const;
