/**
 * The command line's transport (docs/cli.md, "How a command reaches the engine"): in process,
 * over the contract's channels and the command line's own (src/shared/ipc/command-line.ts),
 * with the dispatcher's input check and the same handlers. Unlike the renderers' transports it
 * hands a failure over as the engine threw it: the CLI's exit code tells refused credentials
 * (3) from a failing service (1) by the error's class, which a JSON error value would lose.
 * Results pass a JSON round trip, as a renderer would see them.
 */
import { channels, IpcError, isChannel, unwrap } from '../../shared/ipc.ts';
import {
  commandLineChannels,
  commandLineEvents,
  type CommandLineApi,
  type CommandLineHandlers,
  type CommandLineOwnChannel,
} from '../../shared/ipc/command-line.ts';
import type { EventHub } from '../events.ts';
import type { Log } from '../log.ts';
import { checkInput, refusalOf, type Handlers } from './dispatcher.ts';

type OwnEvent = keyof typeof commandLineEvents;
type OwnPayload<E extends OwnEvent> = (typeof commandLineEvents)[E];

/** The command line's own events (a long search's progress), beside the hub's. */
export class CommandLineEvents {
  readonly #listeners = new Map<string, Set<(payload: unknown) => void>>();

  emit<E extends OwnEvent>(event: E, payload: OwnPayload<E>): void {
    for (const listener of this.#listeners.get(event) ?? []) listener(payload);
  }

  on<E extends OwnEvent>(event: E, listener: (payload: OwnPayload<E>) => void): () => void {
    const set = this.#listeners.get(event) ?? new Set();
    this.#listeners.set(event, set);
    const entry = listener as (payload: unknown) => void;
    set.add(entry);
    return () => set.delete(entry);
  }
}

const isOwnChannel = (name: string): name is CommandLineOwnChannel =>
  Object.hasOwn(commandLineChannels, name);

/**
 * `handlers` and `own` may be partial (the transport of the commands that need no service):
 * a channel without a handler is refused as unknown.
 */
export function createCommandLineApi(
  handlers: Partial<Handlers>,
  own: Partial<CommandLineHandlers>,
  hub: EventHub,
  events: CommandLineEvents,
  log: Log,
): CommandLineApi {
  const handlerOf = (channel: string) => {
    const found = isChannel(channel)
      ? { schema: channels[channel].input, run: handlers[channel], refusal: refusalOf(channel) }
      : isOwnChannel(channel)
        ? { schema: commandLineChannels[channel].input, run: own[channel], refusal: undefined }
        : undefined;
    if (found?.run)
      return found as {
        schema: typeof found.schema;
        run: NonNullable<typeof found.run>;
        refusal: typeof found.refusal;
      };
    throw new IpcError({ code: 'unknown_channel', message: `No handler for "${channel}" here.` });
  };
  return {
    async invoke(channel, input) {
      const { schema, run, refusal } = handlerOf(channel);
      const parsed = unwrap(checkInput(schema, channel, input, refusal));
      try {
        const value: unknown = await (run as (input: unknown) => unknown)(parsed);
        return (value === undefined ? value : JSON.parse(JSON.stringify(value))) as never;
      } catch (error) {
        log(`cli ${channel} failed: ${error instanceof Error ? error.message : String(error)}`);
        throw error;
      }
    },
    on(event, listener) {
      const deliver = (payload: unknown) => listener(structuredClone(payload) as never);
      if (Object.hasOwn(commandLineEvents, event)) return events.on(event as OwnEvent, deliver);
      return hub.on(event as never, deliver);
    },
  };
}
