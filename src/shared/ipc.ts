/**
 * The one IPC contract between the renderer and the main process.
 *
 * Every channel names its zod input schema and its result type; every event names its payload
 * type. Main, preload, the browser-mode host, the CLI and the renderer all import this file, so a
 * channel name is written exactly once. Inputs are validated at the main-process edge (the
 * renderer is untrusted); results and payloads must be plain JSON values, because the browser-mode
 * transport carries them as JSON. A schema is built at the first read of its channel's `input`,
 * not as the contract loads (ipc/first-use.ts): a process builds only those it checks.
 */
import type { Said } from './i18n/translator.ts';
import type { z } from 'zod';
import { appChannels, appEvents } from './ipc/app.ts';
import { profileChannels, profileEvents } from './ipc/profiles.ts';
import { alertChannels, alertEvents } from './ipc/alerts.ts';
import { searchChannels, searchEvents } from './ipc/searches.ts';
import { cameraChannels, cameraEvents } from './ipc/cameras.ts';
import { observationChannels } from './ipc/observations.ts';
import { replayChannels } from './ipc/replay.ts';
import { wallChannels } from './ipc/wall.ts';
import { downloadsChannels, downloadsEvents } from './ipc/downloads.ts';
import { collectionsChannels, collectionsEvents } from './ipc/collections.ts';
import { recordingsChannels } from './ipc/recordings.ts';
import { routesChannels } from './ipc/routes.ts';
import { diagnosticsChannels } from './ipc/diagnostics.ts';
import { updatesChannels, updatesEvents } from './ipc/updates.ts';
import { conditionsChannels, conditionsEvents } from './ipc/conditions.ts';
import { datasetsChannels, datasetsEvents } from './ipc/datasets.ts';

export type { AppStatus, ServiceThrottle } from './ipc/app.ts';

/**
 * Channels and events by domain, one file each in src/shared/ipc/, merged here into the one
 * contract. A channel is named by what it is about (`cameras.imageTimes`, `recordings.search`),
 * never by the view that calls it: every view asking the same thing calls the same channel, so
 * an operation is answered once. A name used twice would silently shadow another, so the merge
 * checks it.
 */
export const channels = merge(
  appChannels,
  profileChannels,
  alertChannels,
  searchChannels,
  cameraChannels,
  observationChannels,
  replayChannels,
  wallChannels,
  downloadsChannels,
  collectionsChannels,
  recordingsChannels,
  routesChannels,
  diagnosticsChannels,
  updatesChannels,
  conditionsChannels,
  datasetsChannels,
);

export const events = merge(
  appEvents,
  profileEvents,
  alertEvents,
  searchEvents,
  cameraEvents,
  downloadsEvents,
  collectionsEvents,
  updatesEvents,
  conditionsEvents,
  datasetsEvents,
);

function merge<T extends object[]>(...groups: T): UnionToIntersection<T[number]> {
  const merged: Record<string, unknown> = {};
  for (const group of groups) {
    for (const [name, value] of Object.entries(group)) {
      if (Object.hasOwn(merged, name)) throw new Error(`IPC name ${name} is defined twice.`);
      merged[name] = value;
    }
  }
  return merged as UnionToIntersection<T[number]>;
}

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (
  x: infer I,
) => void
  ? I
  : never;

export type Channel = keyof typeof channels;
export type EventName = keyof typeof events;
export type Input<C extends Channel> = z.input<(typeof channels)[C]['input']>;
export type ParsedInput<C extends Channel> = z.output<(typeof channels)[C]['input']>;
export type Result<C extends Channel> = (typeof channels)[C]['result'];
export type EventPayload<E extends EventName> = (typeof events)[E];

export const channelNames = Object.keys(channels) as Channel[];
export const eventNames = Object.keys(events) as EventName[];

export function isChannel(name: unknown): name is Channel {
  return typeof name === 'string' && Object.hasOwn(channels, name);
}

export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && Object.hasOwn(events, name);
}

/** A failure a user can read: what failed, why, and what to do. */
export interface IpcErrorValue {
  /** `internal`: the main process met a bug (a TypeError, say) rather than a failure it knows. */
  code: 'invalid_input' | 'unknown_channel' | 'failed' | 'internal';
  /** English, for logs; a front end shows `said` in its user's language when there is one. */
  message: string;
  /** What the core meant, as a catalogue code and parameters (errors converted to it). */
  said?: Said | undefined;
}

export type IpcResponse<T> = { ok: true; value: T } | { ok: false; error: IpcErrorValue };

/** What the renderer sees as `window.api`, whichever transport carries it. */
export interface Api {
  invoke<C extends Channel>(channel: C, input: Input<C>): Promise<Result<C>>;
  /** Subscribes to a main-process event; returns the function that unsubscribes. */
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}

/** Thrown by every transport's `invoke` when the main process answers `{ ok: false }`. */
export class IpcError extends Error {
  readonly code: IpcErrorValue['code'];
  readonly said: Said | undefined;

  constructor(value: IpcErrorValue) {
    super(value.message);
    this.name = 'IpcError';
    this.code = value.code;
    this.said = value.said;
  }
}

export function unwrap<T>(response: IpcResponse<T>): T {
  if (response.ok) return response.value;
  throw new IpcError(response.error);
}
