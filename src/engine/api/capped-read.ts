/**
 * Reading an answer's body with a cap, counted after decoding (fetch undoes gzip, deflate and
 * br, layer on layer: a 2 MB answer may decode to gigabytes). An answer past its cap is an
 * error in words; an error body past its cap is cut, since only its first words are read.
 */
import { english } from '../../shared/i18n/english.ts';
import { said, saidWithin, type Said } from '../../shared/i18n/translator.ts';
import { ApiError } from './errors.ts';

const MB = 1024 * 1024;

/** The most a body of each kind may hold, decoded. */
export const ANSWER_CAPS = {
  /** A search page of 100 full features is well under 1 MB; 1,000 would be under 10 MB. */
  json: 64 * MB,
  /** A token answer: a JWT and a few fields. */
  token: 1 * MB,
  /** The worldwide snapshot of every observation or alert. */
  snapshot: 512 * MB,
  /** The service's words in an error answer: only the first are read. */
  error: 64 * 1024,
  /**
   * A map tile: a vector tile of 512x512 (cameras, observations) or a base-map raster tile,
   * both a few hundred KB at most; it is held whole in memory.
   */
  tile: 16 * MB,
  /** An HLS playlist: a few KB of text; even an hour of two-second segments is under 1 MB. */
  playlist: 4 * MB,
  /** A live video file (an HLS segment): ten seconds at 20 Mbit/s is 25 MB. */
  segment: 128 * MB,
  /**
   * An image through the media route (live image, archived frame, preview, collection image,
   * a recording's jpg): a camera's JPEG is well under 1 MB, a large PNG a few MB.
   */
  image: 64 * MB,
  /**
   * A recording's mp4 played in the page (streamed, never held whole): the interface caps a
   * recording at 30 minutes, which at 20 Mbit/s is 4.5 GB.
   */
  recordingVideo: 5 * 1024 * MB,
  /**
   * A recording zip's central directory: 46 bytes and a name per frame, some 6 MB for 1800 s
   * (interface 8) at 60 frames a second with long names; also the most of a whole zip read to find
   * it when its host ignores Range.
   */
  zipDirectory: 64 * MB,
} as const;

/** Who sent an answer: the service, the tile server the map's background comes from, or the routing service. */
export type AnswerSender = 'service' | 'tiles' | 'routing';

/** An answer larger than any real one of its kind: reading stopped, the connection closed. */
export class AnswerTooLarge extends ApiError {
  readonly cap: number;

  /**
   * `operation`: what was asked, as the call means it (call.ts), or what it was in words (the
   * routing service asked for a route); `sender`: who sent it, when not the service (a tile server).
   */
  constructor(operation: Said, cap: number, sender: AnswerSender = 'service') {
    const named = saidWithin(operation);
    const words = said('net.answerTooLarge', { operation: named, sender, size: sizeWords(cap) });
    super(operation, english.say(words), { said: words });
    this.name = 'AnswerTooLarge';
    this.cap = cap;
  }
}

/** The body as text; past `cap` bytes the stream is cancelled and AnswerTooLarge thrown. */
export async function readCapped(
  operation: Said,
  body: ReadableStream<Uint8Array> | null,
  cap: number,
): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  const over = await drain(body, cap, (chunk) => (text += decoder.decode(chunk, { stream: true })));
  if (over) throw new AnswerTooLarge(operation, cap);
  return text + decoder.decode();
}

/** The body as bytes (tiles); past `cap` bytes the stream is cancelled and AnswerTooLarge thrown. */
export async function readBytesCapped(
  operation: Said,
  body: ReadableStream<Uint8Array> | null,
  cap: number,
): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  if (await drain(body, cap, (chunk) => chunks.push(chunk))) {
    throw new AnswerTooLarge(operation, cap);
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}

/** The first `cap` bytes of the body as text; the rest is not read. */
export async function readCut(
  body: ReadableStream<Uint8Array> | null,
  cap: number,
): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  await drain(body, cap, (chunk) => (text += decoder.decode(chunk, { stream: true })));
  return text + decoder.decode();
}

/**
 * The same body passed on as it streams (media, piped to disk or to the page), errored with
 * AnswerTooLarge as soon as it passes `cap`, its source cancelled so the connection closes.
 */
export function cappedStream(
  operation: Said,
  body: ReadableStream<Uint8Array>,
  cap: number,
  sender?: AnswerSender,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let size = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) return controller.close();
      size += value.byteLength;
      if (size <= cap) return controller.enqueue(value);
      await reader.cancel().catch(() => undefined);
      controller.error(new AnswerTooLarge(operation, cap, sender));
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/**
 * Hands each chunk of the body to `take`, at most `cap` bytes in all (the last one cut);
 * true when the body went past the cap, whose stream is then cancelled (the connection closed).
 */
async function drain(
  body: ReadableStream<Uint8Array> | null,
  cap: number,
  take: (chunk: Uint8Array) => unknown,
): Promise<boolean> {
  if (!body) return false;
  const reader = body.getReader();
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return false;
      const room = cap - size;
      size += value.byteLength;
      if (value.byteLength > room) {
        take(value.subarray(0, Math.max(0, room)));
        await reader.cancel().catch(() => undefined);
        return true;
      }
      take(value);
    }
  } finally {
    reader.releaseLock();
  }
}

export function sizeWords(bytes: number): string {
  return bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.round(bytes / 1024)} KB`;
}
