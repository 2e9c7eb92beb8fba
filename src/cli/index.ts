/**
 * The `roadcam` command line, on the same core as the app (the commands: dispatch.ts). Exit
 * codes scripts can rely on: 0 success, 1 the service or the network failed, 2 the command line
 * is wrong, 3 the credentials (missing, refused, or no keychain to keep them).
 *
 * This file stays light on purpose: Node's compile cache is turned on before the commands and
 * the core are loaded, so that a second `roadcam` start reuses their compiled code (and, run
 * from the TypeScript sources, their stripped types) instead of doing that work again each time.
 */
import { enableCompileCache } from 'node:module';
import type { RunOptions } from './dispatch.ts';

export type { RunOptions } from './dispatch.ts';

export async function run(args: readonly string[], options: RunOptions = {}): Promise<number> {
  // Node's own cache folder (NODE_COMPILE_CACHE, else the temporary folder); it is keyed by
  // each file's content, and NODE_DISABLE_COMPILE_CACHE=1 turns it off.
  enableCompileCache?.();
  const { runCommandLine } = await import('./dispatch.ts');
  return runCommandLine(args, options);
}
