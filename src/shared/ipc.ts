/**
 * The one IPC contract between the renderer and the main process.
 *
 * Every channel names its zod input schema and its result type; every event names its payload
 * type. Main, preload, the browser-mode host, the CLI and the renderer all import this file, so a
 * channel name is written exactly once. Inputs are validated at the main-process edge (the
 * renderer is untrusted); results and payloads must be plain JSON values, because the browser-mode
 * transport carries them as JSON.
 */
import { z } from 'zod';
import { settingsPatchSchema, type Settings } from './settings.ts';

/** A phantom marker carrying a result or payload type; it has no runtime value. */
function type<T>(): T {
  return undefined as T;
}

const none = z.object({}).strict();

export interface AppStatus {
  /** 'demo' runs on the embedded service; 'remote' on a configured account. */
  mode: 'demo' | 'remote';
  /** What the status bar names: "Demo service" or the base URL. */
  serviceLabel: string;
  serviceUrl: string;
  /** True while the main process holds an access token for the service. */
  tokenHeld: boolean;
  /** True when the service answered the last reachability check. */
  online: boolean;
  /** When the service was last checked, ISO 8601 UTC, or null before the first check. */
  checkedAt: string | null;
  version: string;
}

export const channels = {
  'app.status': { input: none, result: type<AppStatus>() },
  /** Re-checks the connection now instead of waiting for the next periodic check. */
  'app.checkConnection': { input: none, result: type<AppStatus>() },
  'settings.get': { input: none, result: type<Settings>() },
  'settings.update': { input: settingsPatchSchema, result: type<Settings>() },
} as const;

export const events = {
  'app.statusChanged': type<AppStatus>(),
  /** Show this route (`/wall?cameras=...`), e.g. from a roadcam:// link opened outside the app. */
  'app.openRoute': type<{ route: string }>(),
  'settings.changed': type<Settings>(),
} as const;

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
  code: 'invalid_input' | 'unknown_channel' | 'failed';
  message: string;
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

  constructor(value: IpcErrorValue) {
    super(value.message);
    this.name = 'IpcError';
    this.code = value.code;
  }
}

export function unwrap<T>(response: IpcResponse<T>): T {
  if (response.ok) return response.value;
  throw new IpcError(response.error);
}
