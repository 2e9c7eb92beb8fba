/** Logs and diagnostics: Help > Show logs / Save diagnostics…, and the renderer's errors. */
import { z } from 'zod';
import { once, onFirstUse } from './first-use.ts';
import { type } from './marker.ts';

const none = once(() => z.object({}).strict());

export interface DiagnosticsInfo {
  /** The folder of main.log and its older files. */
  logsDir: string;
  /** The desktop app opens the folder and asks where to save; browser mode shows and downloads. */
  desktop: boolean;
}

export interface SavedDiagnostics {
  path: string;
  bytes: number;
}

/** The query that adds the crash dumps to browser mode's diagnostics zip (`?crash-dumps=1`). */
export const CRASH_DUMPS_PARAM = 'crash-dumps';

export const diagnosticsChannels = onFirstUse({
  'diagnostics.info': { input: none, result: type<DiagnosticsInfo>() },
  /** Opens the logs folder in the system's file manager (desktop app only). */
  'diagnostics.showLogs': { input: none, result: type<DiagnosticsInfo>() },
  /**
   * Asks where to save, then writes the zip (desktop app); null when the user cancels. Crash
   * dumps hold the app's memory: they go in only when the user ticks them in.
   */
  'diagnostics.save': {
    input: () => z.object({ includeCrashDumps: z.boolean().optional() }).strict(),
    result: type<SavedDiagnostics | null>(),
  },
  /**
   * An uncaught error or unhandled rejection of the page, for the main log. Long texts are cut
   * (not refused: an error is worth logging whatever its size); the main process rate-limits.
   */
  'diagnostics.rendererError': {
    input: () =>
      z
        .object({
          kind: z.enum(['error', 'rejection']),
          message: z.string().max(100_000),
          source: z.string().max(10_000).optional(),
          stack: z.string().max(100_000).optional(),
        })
        .strict(),
    result: type<null>(),
  },
  /**
   * What the page shows once after the window was reloaded because its renderer stopped
   * ("The window stopped unexpectedly (it crashed) and was reloaded"); null otherwise.
   */
  'diagnostics.takeNotice': { input: none, result: type<string | null>() },
} as const);
