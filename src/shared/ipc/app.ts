import { z } from 'zod';
import { settingsPatchSchema, type Settings } from '../settings.ts';
import { type } from './marker.ts';

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

export const appChannels = {
  'app.status': { input: none, result: type<AppStatus>() },
  /** Re-checks the connection now instead of waiting for the next periodic check. */
  'app.checkConnection': { input: none, result: type<AppStatus>() },
  'settings.get': { input: none, result: type<Settings>() },
  'settings.update': { input: settingsPatchSchema, result: type<Settings>() },
} as const;

export const appEvents = {
  'app.statusChanged': type<AppStatus>(),
  /** Show this route (`/wall?cameras=...`), e.g. from a roadcam:// link opened outside the app. */
  'app.openRoute': type<{ route: string }>(),
  'settings.changed': type<Settings>(),
} as const;
