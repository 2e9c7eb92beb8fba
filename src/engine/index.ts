/**
 * The engine's one public face: what the front ends (the desktop shell in src/desktop, browser
 * mode's host in src/web, the command lines in src/cli) may use of it. Everything else in
 * src/engine is the engine's own; lint keeps the front ends to this module and src/shared.
 *
 * - Start: where the data lives, what to connect to, the log, and the core itself, whose
 *   `api` answers the contract (src/shared/ipc.ts) and whose hub sends its events.
 * - The network the core builds from Settings and the command line's overrides.
 * - The media a front end serves to its page, with the engine's safe headers.
 * - What the desktop shell needs from the engine: consent's questions, diagnostics, updates.
 */

// Start.
export { startCore, type Core, type ConnectionOptions, type NetworkOverrides } from './core.ts';
export { connectionFromSettings, savedSettings } from './startup.ts';
export { demoWorldFromEnv } from './demo.ts';
export { defaultDataDir } from './paths.ts';
export { createLog, logsDirOf, type Log } from './log.ts';

// Serving media to a page.
export { safeMediaHeaders } from './media/safe-headers.ts';

// What the desktop shell and browser mode ask of the engine.
export type { DesktopBridge } from './desktop.ts';
export { refuseInBrowserMode, type ConsentQuestion } from './consent/gate.ts';
export { crashDumpsDir } from './diagnostics/crash-dumps.ts';
export { diagnosticsFileName } from './diagnostics/bundle.ts';
export type { Diagnostics } from './features/diagnostics.ts';
export type { UpdatesOptions } from './features/updates.ts';
export type { CheckPlan, UpdateEngine } from './updates/engine.ts';
export type { FeedRelease } from './updates/feed.ts';
export { detectInstall } from './updates/install.ts';
