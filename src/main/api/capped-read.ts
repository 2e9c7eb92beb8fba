/**
 * Reading an answer's body with a cap, counted after decoding (fetch undoes gzip, deflate and
 * br, layer on layer: a 2 MB answer may decode to gigabytes). An answer past its cap is an
 * error in words; an error body past its cap is cut, since only its first words are read.
 */
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
} as const;

/** An answer larger than any real one of its kind: reading stopped, the connection closed. */
export class AnswerTooLarge extends ApiError {
  readonly cap: number;

  constructor(operation: string, cap: number) {
    super(
      operation,
      `${operation} failed: the service sent more than ${sizeWords(cap)} for one answer, far ` +
        'more than any real answer of this kind, so Roadcam stopped reading it. The service, or ' +
        'something in front of it (a proxy, a gateway), is misbehaving: check the service address ' +
        'in Settings, or try again later.',
    );
    this.name = 'AnswerTooLarge';
    this.cap = cap;
  }
}

/** The body as text; past `cap` bytes the stream is cancelled and AnswerTooLarge thrown. */
export async function readCapped(
  operation: string,
  body: ReadableStream<Uint8Array> | null,
  cap: number,
): Promise<string> {
  const { text, over } = await read(body, cap);
  if (over) throw new AnswerTooLarge(operation, cap);
  return text;
}

/** The first `cap` bytes of the body as text; the rest is not read. */
export async function readCut(
  body: ReadableStream<Uint8Array> | null,
  cap: number,
): Promise<string> {
  return (await read(body, cap)).text;
}

async function read(
  body: ReadableStream<Uint8Array> | null,
  cap: number,
): Promise<{ text: string; over: boolean }> {
  if (!body) return { text: '', over: false };
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { text: text + decoder.decode(), over: false };
      const room = cap - size;
      size += value.byteLength;
      if (value.byteLength > room) {
        text += decoder.decode(value.subarray(0, Math.max(0, room)));
        await reader.cancel().catch(() => undefined);
        return { text, over: true };
      }
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    reader.releaseLock();
  }
}

function sizeWords(bytes: number): string {
  return bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.round(bytes / 1024)} KB`;
}
