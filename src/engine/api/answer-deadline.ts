/**
 * The answer deadline: how long one attempt of a request may take. A service that accepts the
 * connection and then says nothing, or sends a byte now and then, would otherwise hold a call
 * (and the shared sign-in every call waits on) for as long as it likes. The deadline is one
 * AbortSignal joined to the caller's and given to fetch, which ends the wait for the headers and
 * any read of the body alike. Answers that are used whole (JSON, tokens, tiles, error bodies) are
 * read within the attempt, so a body that trickles fails the attempt as silence does, and an
 * idempotent request tries again (http.ts). A streamed body (images, video segments, snapshots)
 * may rightly take longer than any total on a slow link: after its headers it must keep bringing
 * STREAM_RATE bytes a second, counted while its reader waits for them.
 */
import { ANSWER_CAPS, readBytesCapped, readCut } from './capped-read.ts';
import { english } from '../../shared/i18n/english.ts';
import { said, saidWithin, type Said } from '../../shared/i18n/translator.ts';
import { ApiError } from './errors.ts';

/** The answer deadline unless Settings say otherwise (Settings › Network). */
export const DEFAULT_ANSWER_DEADLINE_MS = 60_000;

/**
 * Below this many bytes a second, over the answer deadline, a streamed body is stalled: the
 * download engine's rule for file bodies (downloads/body-watch.ts), for the same reason: a byte
 * now and then keeps a connection open but brings no picture.
 */
export const STREAM_RATE = 32;

/** What one attempt's deadline covers. */
export interface Deadline {
  ms: number;
  /**
   * `{ cap }`: the headers and the whole body, read within the attempt (an answer under 300 up
   * to `cap` bytes after decoding, past which it is AnswerTooLarge; any other cut at the error
   * cap, since only its first words are read). 'streamed': the headers, then STREAM_RATE for an
   * answer under 300; any other is read whole as an error body.
   */
  body: { cap: number } | 'streamed';
}

/** An attempt passed the answer deadline: no complete answer, no answer, or a stalled body. */
export class AnswerDeadlinePassed extends ApiError {
  readonly ms: number;

  constructor(operation: Said, ms: number, what: 'complete' | 'stalled') {
    const seconds = Math.round(ms / 100) / 10;
    const words: Said =
      what === 'complete'
        ? said('net.answerTimeout', { operation: saidWithin(operation), seconds })
        : said('net.answerStalled', {
            operation: saidWithin(operation),
            seconds,
            rate: STREAM_RATE,
          });
    super(operation, english.say(words), { said: words });
    this.name = 'AnswerDeadlinePassed';
    this.ms = ms;
  }
}

/**
 * One attempt under `deadline`: `send` gets the signal to give fetch. Resolves with the answer
 * as the deadline's body rule leaves it (read whole, or a body watched for its rate); rejects with
 * the caller's abort reason when the caller aborted, AnswerDeadlinePassed when the deadline did.
 */
export async function underDeadline(
  operation: Said,
  deadline: Deadline,
  signal: AbortSignal | undefined,
  send: (signal: AbortSignal) => Promise<Response>,
): Promise<Response> {
  const timeout = new AbortController();
  // A streamed body follows the caller's signal for as long as it is read: joined for good.
  // Anything read whole is done here, so the link is by hand and undone below: AbortSignal.any
  // keeps its signal (and what listens to it: the whole fetch) past young-generation GCs.
  const streamed = deadline.body === 'streamed';
  const follow = () => timeout.abort(signal!.reason);
  let joined = timeout.signal;
  if (signal && streamed) joined = AbortSignal.any([signal, timeout.signal]);
  else if (signal?.aborted) follow();
  else signal?.addEventListener('abort', follow, { once: true });
  const timer = setTimeout(
    () => timeout.abort(new AnswerDeadlinePassed(operation, deadline.ms, 'complete')),
    deadline.ms,
  );
  try {
    const response = await send(joined);
    if (streamed && response.status < 300) {
      clearTimeout(timer);
      return watched(operation, response, deadline.ms, timeout);
    }
    const cap = response.status < 300 && deadline.body !== 'streamed' ? deadline.body.cap : null;
    return await readWhole(operation, response, cap);
  } catch (error) {
    // The caller's own abort is theirs, whatever fetch made of it.
    if (signal?.aborted) throw signal.reason;
    if (timeout.signal.aborted) throw timeout.signal.reason;
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', follow);
  }
}

/** Statuses whose answer has no body (a Response refuses one). */
const NO_BODY = new Set([204, 205, 304]);

/**
 * The answer with its body read into memory by the one capped reader (capped-read.ts): up to
 * `cap` bytes (past it AnswerTooLarge), or with `cap` null cut at the error cap. The copy's
 * headers no longer describe a coded body.
 */
async function readWhole(
  operation: Said,
  response: Response,
  cap: number | null,
): Promise<Response> {
  const read =
    cap === null
      ? await readCut(response.body, ANSWER_CAPS.error)
      : await readBytesCapped(operation, response.body, cap);
  const headers = new Headers(response.headers);
  headers.delete('content-encoding');
  headers.delete('content-length');
  const { status, statusText } = response;
  // The bytes are the reader's own copy: a view of a plain ArrayBuffer, whatever its type says.
  // No body at all where there is none to give (a redirect's, mostly): a Response with a body
  // holds its stream in a FinalizationRegistry, which young-generation GCs do not clear.
  const empty = NO_BODY.has(status) || read.length === 0;
  const body = empty ? null : (read as string | Uint8Array<ArrayBuffer>);
  return new Response(body, { status, statusText, headers });
}

/**
 * The answer with a body that fails with AnswerDeadlinePassed once it brings less than
 * STREAM_RATE bytes a second over `ms` of its reader's waiting (time the reader does not ask,
 * a paused video, does not count), and aborts `timeout`, which closes the connection.
 */
function watched(
  operation: Said,
  response: Response,
  ms: number,
  timeout: AbortController,
): Response {
  if (!response.body) return response;
  const source = response.body.getReader();
  const least = (STREAM_RATE * ms) / 1000;
  let waited = 0;
  let bytes = 0;
  const stall = () => timeout.abort(new AnswerDeadlinePassed(operation, ms, 'stalled'));
  /** A window of `ms` waited: stalled below the rate, else a new window. */
  const windowEnds = () => {
    if (bytes < least) return stall();
    waited = 0;
    bytes = 0;
  };
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let since = performance.now();
        const check = () => {
          waited += performance.now() - since;
          since = performance.now();
          if (waited >= ms) windowEnds();
        };
        // Fires while a read waits: silence is caught without any byte arriving.
        let timer = setTimeout(function wake() {
          check();
          if (!timeout.signal.aborted) timer = setTimeout(wake, ms - waited);
        }, ms - waited);
        try {
          const { done, value } = await source.read();
          if (done) return controller.close();
          bytes += value.byteLength;
          check();
          controller.enqueue(value);
        } finally {
          clearTimeout(timer);
        }
      },
      cancel: (reason) => source.cancel(reason),
    },
    { highWaterMark: 0 },
  );
  const { status, statusText, headers } = response;
  return new Response(body, { status, statusText, headers });
}
