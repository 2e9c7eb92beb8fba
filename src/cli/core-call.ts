/**
 * How a command reaches the engine, the one way (docs/cli.md, "How a command reaches the
 * engine"): `invoke(engine, channel, input)` on the command line's transport, which
 * `withEngine` (a started core) or `withDataFolder` (settings and profiles, no service) gives.
 * The channels are the app's contract (src/shared/ipc.ts), so a command does what the app's
 * button does, and the command line's own (src/shared/ipc/command-line.ts) for what the app has
 * no channel for: the interface's parameters as typed and its answers as sent, files written
 * where the user said, a download batch found again by its key. No command holds the core.
 *
 * The contract's own check of the input speaks for the command line: a value it refuses is a
 * usage error (exit 2), as a wrong flag is. Other failures arrive as the engine threw them, so
 * that report() in dispatch.ts maps them to their exit code.
 */
import { IpcError } from '../shared/ipc.ts';
import type {
  CommandLineApi,
  CommandLineChannel,
  CommandLineInput,
  CommandLineResult,
} from '../shared/ipc/command-line.ts';
import { UsageError } from './argv.ts';

export type Engine = CommandLineApi;

export async function invoke<C extends CommandLineChannel>(
  engine: Engine,
  channel: C,
  input: CommandLineInput<C>,
): Promise<CommandLineResult<C>> {
  try {
    return await engine.invoke(channel, input);
  } catch (error) {
    if (error instanceof IpcError && error.code === 'invalid_input') {
      throw new UsageError(error.said ?? error.message);
    }
    throw error;
  }
}
