/**
 * The engine's one public face: what the front ends (the desktop shell in src/desktop, browser
 * mode's host in src/web, the command lines in src/cli) may use of it. Everything else in
 * src/engine is the engine's own; lint keeps the front ends to this module and src/shared
 * (scripts/eslint-layers.js).
 *
 * - Start: where the data lives, what to connect to, the log, and the core itself, whose `api`
 *   answers the contract (src/shared/ipc.ts) and whose hub sends its events. What starts the
 *   engine is loaded when first called, so that `roadcam --version`, `--help`, a wrong flag or
 *   `completion` load none of it.
 * - The errors whose class a front end tells apart (a command's exit code).
 * - The media a front end serves to its page, with the engine's safe headers.
 * - What the desktop shell and browser mode ask of the engine: consent, diagnostics, updates.
 */

// The command line's needs (src/cli). What starts the engine is loaded when first called, so
// that `roadcam --version`, `--help`, a wrong flag or `completion` load none of it; the rest is
// light: the errors whose class sets the exit code, and what runs before or without a core.
import type { CommandLineStore, StoreOptions } from './ipc/cli-offline.ts';
import type { Core, CoreOptions } from './core.ts';
import type { DemoWorld } from './demo.ts';
import type { DiagnosticsSources, SaveChoices } from './diagnostics/bundle.ts';
import type { ConnectionOptions } from './target.ts';

export type { CommandLineStore, Core, CoreOptions, ConnectionOptions };
export type { NetworkOverrides } from './net/choice.ts';
export type { GeoKind } from './api/kinds.ts';
export {
  questionWords,
  refuseInBrowserMode,
  typedByUser,
  type ConsentQuestion,
} from './consent/gate.ts';
export { ApiError, AuthError } from './api/errors.ts';
export { MissingCredentialsError, readKeptTokenAhead } from './credentials/store.ts';
export { KeychainUnavailableError } from './credentials/keychain.ts';
export { appVersion } from './version.ts';
export { defaultDataDir } from './paths.ts';
export { createLog, flushLog, type Log } from './log.ts';
export { parseProxyUrl } from './net/proxy.ts';
export { readCaFile } from './net/trust.ts';
export { checkTarget, writeOutputFile, type OutputOptions } from './output-file.ts';

// The desktop shell's and browser mode's needs.
export { savedSettings } from './saved-settings.ts';
export { demoWorldFromEnv } from './demo.ts';
export { logsDirOf } from './log.ts';
export { safeMediaHeaders } from './media/safe-headers.ts';
export type { DesktopBridge } from './desktop.ts';
export { crashDumpsDir } from './diagnostics/crash-dumps.ts';
export { diagnosticsFileName } from './diagnostics/bundle.ts';
export type { Diagnostics } from './features/diagnostics.ts';
export type { UpdatesOptions } from './features/updates.ts';
export type { CheckPlan, UpdateEngine } from './updates/engine.ts';
export { FeedProblem, type FeedRelease } from './updates/feed.ts';
export { detectInstall } from './updates/install.ts';

/** Starts the core (src/engine/core.ts): the same function, loaded at its first call. */
export async function startCore(options: CoreOptions): Promise<Core> {
  const core = await import('./core.ts');
  return core.startCore(options);
}

/** The command line's transport over the data folder alone (settings, profiles). */
export async function openCommandLineStore(options: StoreOptions): Promise<CommandLineStore> {
  const { openCommandLineStore: open } = await import('./ipc/cli-offline.ts');
  return open(options);
}

/** What the app connects to at start, as chosen in Settings (demo mode, or the one chosen in Settings). */
export async function connectionFromSettings(
  dataDir: string,
  world?: DemoWorld,
): Promise<ConnectionOptions> {
  const startup = await import('./startup.ts');
  return startup.connectionFromSettings(dataDir, world);
}

/**
 * Help > Save diagnostics when the core cannot start: the logs, settings and versions of the
 * data folder, with `why` in place of the connection report; `secrets` are cut from every file.
 */
export async function saveStandaloneDiagnostics(
  dataDir: string,
  why: string,
  secrets: readonly (string | undefined)[],
  out: string,
  options: SaveChoices,
): Promise<{ path: string; bytes: number }> {
  const [{ saveDiagnostics }, { standaloneSources }] = await Promise.all([
    import('./diagnostics/bundle.ts'),
    import('./diagnostics/standalone.ts'),
  ]);
  const sources: DiagnosticsSources = standaloneSources(dataDir, why, secrets);
  return saveDiagnostics(sources, out, options);
}

/** A snapshot's mark (yyyyddmmThhmmZ) of a time, rounded down to its ten minutes. */
export async function snapshotMarkOf(time: Date): Promise<string> {
  const { snapshotTime } = await import('./api/groups.ts');
  return snapshotTime(time);
}
