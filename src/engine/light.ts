/**
 * The engine's light face: what a front end needs before it loads the engine (its version and
 * where its data lives), with nothing behind it that opens a database or builds a schema.
 * `roadcam --version`, `--help` and `completion` load only this of the engine; the public face,
 * src/engine/index.ts, exports the same and everything else.
 */
export { appVersion } from './version.ts';
export { defaultDataDir } from './paths.ts';
