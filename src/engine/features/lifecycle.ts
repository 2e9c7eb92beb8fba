import { channelNames, type Channel } from '../../shared/ipc.ts';
import { SaidError } from '../../shared/i18n/said-error.ts';
import { said, saidWithin, type Said } from '../../shared/i18n/translator.ts';
import type { Handlers } from '../ipc/dispatcher.ts';
import type { Log } from '../log.ts';

/** What `handlersOf` and `Lifecycle` need of a feature, whatever its channels. */
export interface AnyFeature {
  readonly name: string;
  readonly handlers: Partial<Handlers>;
  start?(): void | Promise<void>;
  close?(): void | Promise<void>;
}

type ChannelsOf<F> = F extends { handlers: infer H } ? keyof H & Channel : never;
/** The channels no feature of the list answers: never when the list is complete. */
type Unanswered<L extends readonly AnyFeature[]> = Exclude<Channel, ChannelsOf<L[number]>>;
type Complete<L extends readonly AnyFeature[]> = [Unanswered<L>] extends [never]
  ? unknown
  : { 'channels that no feature answers': Unanswered<L> };

/**
 * The handlers of every channel, from the features. A channel that no feature answers does not
 * type-check (the error names it); one answered by two features is refused at start, since the
 * second would silently win.
 */
export function handlersOf<const L extends readonly AnyFeature[]>(
  features: L & Complete<L>,
): Handlers {
  const owner = new Map<string, string>();
  const all: Partial<Handlers> = {};
  for (const feature of features) {
    for (const channel of Object.keys(feature.handlers)) {
      const first = owner.get(channel);
      if (first !== undefined) {
        throw new Error(
          `The channel ${channel} is answered by two features, ${first} and ${feature.name}: keep it in one.`,
        );
      }
      owner.set(channel, feature.name);
    }
    Object.assign(all, feature.handlers);
  }
  return complete(all);
}

function complete(handlers: Partial<Handlers>): Handlers {
  const missing = channelNames.filter((channel) => !handlers[channel]);
  if (missing.length > 0) throw new Error(`No feature answers ${missing.join(', ')}.`);
  // Every channel checked just above: the partial map is the whole one.
  return handlers as Handlers;
}

/**
 * What the core opened and started, closed in the reverse order: the features (last started,
 * first closed, so a feature never outlives one it uses) and then the shared parts the core
 * opened before them (the network, the embedded service, the database).
 */
export class Lifecycle {
  readonly #open: { name: string; close: () => void | Promise<void> }[] = [];
  readonly #log: Log;
  #closing: Promise<void> | undefined;

  constructor(log: Log) {
    this.#log = log;
  }

  /** Something to close with the core, after everything opened later. */
  opened(name: string, close: () => void | Promise<void>): void {
    if (this.#closing) throw new Error(`${name} was opened after the core began to close.`);
    this.#open.push({ name, close });
  }

  /**
   * Starts the features in order. One that fails to start closes what was started before it
   * (and the parts), so a failed start leaves nothing running; the error says which one.
   */
  async start(features: readonly AnyFeature[]): Promise<void> {
    for (const feature of features) {
      try {
        await feature.start?.();
      } catch (error) {
        await this.close().catch((closing: unknown) => this.#log(String(closing)));
        const why = saidOf(error);
        throw new SaidError(
          said('core.start.featureFailed', {
            feature: feature.name,
            why: why ? saidWithin(why) : message(error),
          }),
          { cause: error },
        );
      }
      if (feature.close) this.opened(feature.name, feature.close.bind(feature));
    }
  }

  /** Closes everything once, even past a failure; a second call waits for the first. */
  close(): Promise<void> {
    this.#closing ??= this.#closeAll();
    return this.#closing;
  }

  async #closeAll(): Promise<void> {
    const failures: string[] = [];
    for (const { name, close } of this.#open.toReversed()) {
      try {
        await close();
      } catch (error) {
        this.#log(`${name} did not close cleanly: ${message(error)}`);
        failures.push(`${name} (${message(error)})`);
      }
    }
    this.#open.length = 0;
    if (failures.length > 0) {
      throw new SaidError(said('core.close.unclean', { failures: failures.join('; ') }));
    }
  }
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
const saidOf = (error: unknown) => (error as { said?: Said } | null)?.said;
