import type { z } from 'zod';
import {
  channels,
  isChannel,
  type Channel,
  type IpcErrorValue,
  type IpcResponse,
  type ParsedInput,
  type Result,
} from '../../shared/ipc.ts';
import { english } from '../../shared/i18n/english.ts';
import { said, type Said } from '../../shared/i18n/translator.ts';
import type { Log } from '../log.ts';

/** The main-process implementation of every channel, fed only validated input. */
export type Handlers = {
  [C in Channel]: (input: ParsedInput<C>) => Promise<Result<C>> | Result<C>;
};

export type Dispatch = (channel: unknown, rawInput: unknown) => Promise<IpcResponse<unknown>>;

/**
 * The main-process edge shared by every transport: it refuses unknown channels, validates the
 * input with the channel's schema (the renderer is untrusted), and turns any failure into an
 * `{ ok: false }` value whose message a user can read.
 */
export function createDispatcher(handlers: Handlers, log: Log = () => {}): Dispatch {
  return async (channel, rawInput) => {
    if (!isChannel(channel)) {
      return failure('unknown_channel', `Unknown IPC channel ${JSON.stringify(channel)}.`);
    }
    const parsed = checkInput(channels[channel].input, channel, rawInput, refusalOf(channel));
    if (!parsed.ok) return parsed;
    const handler = handlers[channel] as (input: unknown) => Promise<unknown> | unknown;
    try {
      return { ok: true, value: await handler(parsed.value) };
    } catch (error) {
      if (isBug(error)) {
        log(`ipc ${channel} failed on a bug: ${error.stack ?? error.message}`, 'error');
        const bug = said('ipc.internal', { channel, error: error.name, detail: error.message });
        return failure('internal', english.say(bug), bug);
      }
      const message = error instanceof Error ? error.message : String(error);
      log(`ipc ${channel} failed: ${message}`, 'warn');
      return failure('failed', message, (error as { said?: Said } | null)?.said);
    }
  };
}

/**
 * The input check of every transport (the command line's too): the channel's schema, and a
 * refusal that names the channel and each wrong field.
 */
export function checkInput(
  schema: z.ZodType,
  channel: string,
  rawInput: unknown,
  refusal?: Refusal,
): IpcResponse<unknown> {
  const parsed = schema.safeParse(rawInput ?? {});
  if (parsed.success) return { ok: true, value: parsed.data };
  const english = `Invalid input for ${channel}: ${describeIssues(parsed.error)}`;
  return failure('invalid_input', english, refusal?.(parsed.error));
}

/** A contract's own words for a refusal of its input (the settings' do), said in the catalogue. */
type Refusal = (error: z.ZodError) => Said;

/** The channel's own words for a refusal of its input, when its contract has them. */
export function refusalOf(channel: Channel): Refusal | undefined {
  return (channels[channel] as { refusal?: Refusal }).refusal;
}

/**
 * Errors the main process never throws on purpose (a property of undefined, a call of a
 * non-function): every failure it expects (the service, the network, the disk, a check)
 * carries its own words for the user; these carry JavaScript's. RangeError is not among them:
 * the handlers throw it, worded, for values out of range.
 */
function isBug(error: unknown): error is Error {
  return (
    error instanceof TypeError || error instanceof ReferenceError || error instanceof SyntaxError
  );
}

function failure(code: IpcErrorValue['code'], message: string, said?: Said): IpcResponse<never> {
  return { ok: false, error: said ? { code, message, said } : { code, message } };
}

/** "downloadConcurrency: Too big: expected number to be <=16; extra: unknown key 'x'" */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
      return `${where}${issue.message}`;
    })
    .join('; ');
}
