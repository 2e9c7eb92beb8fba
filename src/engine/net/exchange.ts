/**
 * One HTTP exchange without `fetch`: undici's `request` on the network's own dispatcher (direct,
 * public-only or a proxy), its answer handed back as a standard Response, so that its callers
 * (the API client) read it as they read fetch's. Redirects are never followed.
 *
 * Why not `fetch`: it registers every Request that has a signal and every Response with a body
 * for finalization (WeakRefs, FinalizationRegistry entries). Young-generation GCs do not clear
 * weak references, so each call's request, response, listeners and closures outlive them and are
 * promoted: at a few hundred calls a second (a batch's signed-URL redirects) the old generation
 * filled with dead calls and the process's RSS rose with the number of files. A Response made
 * with its constructor is registered nowhere.
 *
 * What fetch did for these calls is done here: the default Accept and Accept-Encoding, a string
 * body's Content-Type, and the body decoded layer by layer (gzip, deflate, br), as it streams,
 * so that a reader's cap counts decoded bytes.
 */
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { Dispatcher } from 'undici';

/** What `exchange` takes of RequestInit: the API client's calls send no more. */
export interface ExchangeInit {
  method?: string;
  headers?: Record<string, string> | Headers;
  body?: string | null;
  signal?: AbortSignal | null;
  /** Redirects are never followed: said by the caller for a reader's sake, or left out. */
  redirect?: 'manual';
}

/** Answers whose body is none, whatever the wire says (and a Response refuses one for). */
const NULL_BODY = new Set([204, 205, 304]);

/** More coding layers than any real answer has: an answer that sends them is refused. */
const MOST_CODINGS = 5;

/** Sends the request on `dispatcher`; resolves once the answer's head arrived. */
export async function exchangeOn(
  dispatcher: Dispatcher,
  url: string,
  init: ExchangeInit = {},
): Promise<Response> {
  const target = new URL(url);
  const method = (init.method ?? 'GET').toUpperCase();
  const answer = await dispatcher.request({
    origin: target.origin,
    path: `${target.pathname}${target.search}`,
    method: method as Dispatcher.HttpMethod,
    headers: requestHeaders(init),
    body: init.body ?? null,
    signal: init.signal ?? undefined,
  });
  const { statusCode: status, statusText } = answer;
  try {
    if (status < 200 || status > 599) {
      throw new Error(`the answer's status ${status} is not an HTTP status`);
    }
    const headers = answerHeaders(answer.headers);
    if (method === 'HEAD' || NULL_BODY.has(status)) {
      answer.body.dump().catch(() => undefined);
      return new Response(null, { status, statusText, headers });
    }
    const body = decoded(answer.body, headers.get('content-encoding'));
    return new Response(webStreamOf(body), { status, statusText, headers });
  } catch (error) {
    dropped(answer.body);
    throw error;
  }
}

/**
 * The body as a web stream that reads only when its reader asks (Readable.toWeb pushes, and
 * throws from a data event that comes after its reader cancelled). Cancelling destroys the
 * body, which closes the connection; a body destroyed with an error (an abort's reason) fails
 * the reader's read with it.
 */
function webStreamOf(body: Readable): ReadableStream<Uint8Array> {
  const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel: () => dropped(body),
    },
    { highWaterMark: 0 },
  );
}

/** Closes the body's connection; undici then errors the body, which no one reads any more. */
function dropped(body: Readable): void {
  body.on('error', () => undefined).destroy();
}

/** The request's headers, with fetch's defaults where the caller gave none. */
function requestHeaders(init: ExchangeInit): Record<string, string> {
  const given = new Headers(init.headers);
  if (!given.has('accept')) given.set('accept', '*/*');
  if (!given.has('accept-encoding')) given.set('accept-encoding', 'gzip, deflate, br');
  if (typeof init.body === 'string' && !given.has('content-type')) {
    given.set('content-type', 'text/plain;charset=UTF-8');
  }
  return Object.fromEntries(given);
}

function answerHeaders(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

/**
 * The body with its content codings undone, last applied first undone. An unknown coding leaves
 * the body as it came, as fetch does; the reader then sees the coded bytes.
 */
function decoded(body: Readable, encoding: string | null): Readable {
  const codings = encoding
    ? encoding
        .toLowerCase()
        .split(',')
        .map((c) => c.trim())
    : [];
  if (codings.length > MOST_CODINGS) {
    throw new Error(`the answer has ${codings.length} content codings, more than any real one`);
  }
  const decoders: NodeJS.ReadWriteStream[] = [];
  for (const coding of codings.reverse()) {
    const decoder = decoderOf(coding);
    if (!decoder) return body;
    decoders.push(decoder);
  }
  if (decoders.length === 0) return body;
  // pipeline destroys every stage when one fails or the reader cancels: the connection closes.
  return pipeline([body, ...decoders], () => undefined) as unknown as Readable;
}

function decoderOf(coding: string): NodeJS.ReadWriteStream | null {
  // Flushed as fetch does: a body cut short gives what it had, not an error.
  const flush = { flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH };
  if (coding === 'gzip' || coding === 'x-gzip') return zlib.createGunzip(flush);
  if (coding === 'deflate') return zlib.createInflate(flush);
  if (coding === 'br') {
    return zlib.createBrotliDecompress({
      flush: zlib.constants.BROTLI_OPERATION_FLUSH,
      finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH,
    });
  }
  return null;
}
