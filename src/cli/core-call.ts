/**
 * How a command reaches the core. There are two kinds of command, and each kind one way:
 *
 * - Commands of the app (collections add/remove/empty/destroy/offline/export) go through the
 *   app's contract, here: they do what the app's button does (a kept collection follows,
 *   Destroy empties first). `roadcam download` drives the same download manager the Downloads
 *   view's channels drive, on the core itself: it needs what the view has no channel for (a
 *   batch found again by its key when the command is run again, its own concurrency, signed
 *   URLs asked for beside the lookups).
 * - Commands of the interface (searches with the service's own parameters, show, recordings
 *   create and tags, media, tiles, snapshots, session) are one operation each and call the
 *   core's client: their parameters are the interface's names as typed, their answers the
 *   service's as sent, and media go to a file as a stream, which the contract (JSON values)
 *   does not carry.
 *
 * The contract's own check of the input speaks for the command line: a value it refuses is a
 * usage error (exit 2), as a wrong flag is.
 */
import type { Core } from '../engine/core.ts';
import { IpcError, type Channel, type Input, type Result } from '../shared/ipc.ts';
import { UsageError } from './argv.ts';

export async function invoke<C extends Channel>(
  core: Core,
  channel: C,
  input: Input<C>,
): Promise<Result<C>> {
  try {
    return await core.api.invoke(channel, input);
  } catch (error) {
    if (error instanceof IpcError && error.code === 'invalid_input') {
      throw new UsageError(error.message);
    }
    throw error;
  }
}
