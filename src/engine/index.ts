/**
 * The engine's public face: what the front ends (the desktop shell, browser mode's host, the
 * command lines) may import from src/engine; everything else in it is the engine's own.
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
export { refuseInBrowserMode, typedByUser } from './consent/gate.ts';
export { ApiError, AuthError } from './api/errors.ts';
export { MissingCredentialsError } from './credentials/store.ts';
export { KeychainUnavailableError } from './credentials/keychain.ts';
export { appVersion } from './version.ts';
export { defaultDataDir } from './paths.ts';
export { createLog, flushLog, type Log } from './log.ts';
export { parseProxyUrl } from './net/proxy.ts';
export { readCaFile } from './net/trust.ts';
export { checkTarget, writeOutputFile, type OutputOptions } from './output-file.ts';

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

/** The desktop app's choice of account (demo mode, or the one chosen in Settings). */
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
