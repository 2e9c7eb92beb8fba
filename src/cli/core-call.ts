/**
 * Calls a channel of the app's contract on the CLI's core (the direct transport), so that a
 * command does what the app's button does (a kept collection follows, Destroy empties first).
 * The contract's own check of the input speaks for the command line: a value it refuses is a
 * usage error (exit 2), as a wrong flag is.
 */
import type { Core } from '../main/core.ts';
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
