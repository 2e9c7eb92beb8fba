import { z } from 'zod';
import { settingsPatchSchema, type Settings } from '../settings.ts';
import { settingsRefusal } from '../setting-issues.ts';
import type { ConnectionTopic, FindingSaid } from '../connection-words.ts';
import { once, onFirstUse } from './first-use.ts';
import { type } from './marker.ts';
import type { Said } from '../i18n/translator.ts';

const none = once(() => z.object({}).strict());

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
  /** Why the last check did not reach the service, in words (never a secret); null when it did. */
  offlineReason: string | null;
  /** When the service was last checked, ISO 8601 UTC, or null before the first check. */
  checkedAt: string | null;
  /**
   * The service's clock minus this machine's, in ms (learnt from the Date of its answers; 0
   * until known). A view comparing a service time with "now" (an alert's end, a recording's
   * start) adds it to Date.now(): the machine's clock may be off by hours, or a year.
   */
  clockOffsetMs: number;
  version: string;
}

/**
 * The service limits requests (429): requests wait and are retried, nothing fails for it. Sent
 * when the limiting starts, when a wait ends later than announced, and once it is over.
 */
export interface ServiceThrottle {
  /** True while requests wait out the service's rate limit. */
  limited: boolean;
  /**
   * The operation that was last told to wait ("cameras search"), as it means it: each front end
   * says it in its user's language; null when the limiting ended as a request passed.
   */
  operation: Said | null;
  /** How long from now until it is retried, in ms (0 when `limited` is false). */
  waitMs: number;
}

/** One line of the connection report: what was checked and found, and what to do. */
export interface ConnectionFinding {
  topic: ConnectionTopic;
  /** null: information only (the proxy in use, the version). */
  ok: boolean | null;
  /** In English (the log's, and the text's); `said` is what a front end says. */
  summary: string;
  advice?: string;
  said: FindingSaid;
}

/** Settings > Network > "Check connection", and `roadcam doctor`. */
export interface ConnectionReport {
  /** ISO 8601 UTC. */
  at: string;
  ok: boolean;
  findings: ConnectionFinding[];
  /** The whole report as text to copy for support, in English: no secret in it. */
  text: string;
}

export interface CacheUsage {
  /** Images and previews kept on disk (the size cap applies to these). */
  mediaBytes: number;
  mediaFiles: number;
  /** Search answers kept for offline reading. */
  searches: number;
}

export const appChannels = onFirstUse({
  /** The desktop app's folder picker; refused in browser mode, where the path is typed. */
  'app.chooseFolder': {
    input: () =>
      z
        .object({ title: z.string().max(200), defaultPath: z.string().max(4096).optional() })
        .strict(),
    result: type<string | null>(),
  },
  /** The desktop app's file picker (a CA file); refused in browser mode, where the path is typed. */
  'app.chooseFile': {
    input: () =>
      z
        .object({
          title: z.string().max(200),
          defaultPath: z.string().max(4096).optional(),
          filters: z
            .array(
              z
                .object({
                  name: z.string().min(1).max(100),
                  extensions: z
                    .array(z.string().regex(/^(\*|[A-Za-z0-9]{1,10})$/))
                    .min(1)
                    .max(10),
                })
                .strict(),
            )
            .max(5)
            .optional(),
        })
        .strict(),
    result: type<string | null>(),
  },
  'cache.usage': { input: none, result: type<CacheUsage>() },
  /** Empties the media cache and the cached searches; offline collections and downloads stay. */
  'cache.clear': { input: none, result: type<CacheUsage>() },
  'app.status': { input: none, result: type<AppStatus>() },
  /** Checks the way to the service step by step (proxy, DNS, TLS, each group of operations). */
  'app.connectionReport': { input: none, result: type<ConnectionReport>() },
  /** Keeps the manual proxy user's password in the OS keychain (null forgets it). */
  'settings.setProxyPassword': {
    input: () => z.object({ password: z.string().min(1).max(500).nullable() }).strict(),
    result: type<null>(),
  },
  /** Re-checks the connection now instead of waiting for the next periodic check. */
  'app.checkConnection': { input: none, result: type<AppStatus>() },
  'settings.get': { input: none, result: type<Settings>() },
  /** A refused patch is said (`refusal`) as well as listed in English. */
  'settings.update': {
    input: () => settingsPatchSchema,
    result: type<Settings>(),
    refusal: settingsRefusal,
  },
} as const);

export const appEvents = {
  'app.statusChanged': type<AppStatus>(),
  /** Show this route (`/wall?cameras=...`), e.g. from a roadcam:// link opened outside the app. */
  'app.openRoute': type<{ route: string }>(),
  'settings.changed': type<Settings>(),
  'service.throttled': type<ServiceThrottle>(),
} as const;
