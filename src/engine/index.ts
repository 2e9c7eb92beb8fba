/**
 * The engine's public face: what the front ends (the desktop shell, browser mode's host, the
 * command lines) may import from src/engine; everything else in it is the engine's own.
 */

// The command line's needs (src/cli): the core and its data-folder-only transport, the errors
// whose class sets the exit code, and what runs before or without a core (flags, files, logs).
export { startCore } from './core.ts';
export type { Core, CoreOptions, ConnectionOptions, NetworkOverrides } from './core.ts';
export { openCommandLineStore, type CommandLineStore } from './ipc/cli-offline.ts';
export { refuseInBrowserMode, typedByUser } from './consent/gate.ts';
export { connectionFromSettings } from './startup.ts';
export { ApiError, AuthError, snapshotTime } from './api/index.ts';
export type { GeoKind } from './api/index.ts';
export { MissingCredentialsError } from './credentials/store.ts';
export { KeychainUnavailableError } from './credentials/keychain.ts';
export { appVersion } from './version.ts';
export { defaultDataDir } from './paths.ts';
export { createLog, flushLog, type Log } from './log.ts';
export { parseProxyUrl } from './net/proxy.ts';
export { readCaFile } from './net/trust.ts';
export { checkTarget, writeOutputFile, type OutputOptions } from './output-file.ts';
export { saveDiagnostics } from './diagnostics/bundle.ts';
export { standaloneSources } from './diagnostics/standalone.ts';
