/**
 * A streamed answer body (undici's, through a proxy) read the way the download engine reads
 * lean-http's: the reader is handed each chunk and may ask for a pause. Chunks that arrive
 * while it pauses wait here, and the stream stops flowing until it resumes.
 */
import type { Readable } from 'node:stream';
import { LeanBody, LeanHttpError, type BodySource } from './http1/body.ts';

export function bodyOfStream(stream: Readable): LeanBody {
  const held: Buffer[] = [];
  let ended = false;
  const source: BodySource = {
    resume(body) {
      while (held.length > 0) {
        if (!body.reading) return;
        if (!body.deliver(held.shift()!)) return;
      }
      if (ended) body.end();
      else stream.resume();
    },
    destroy(error) {
      stream.destroy();
      body.fail(error);
    },
  };
  const body = new LeanBody(source);
  stream.pause();
  stream.on('data', (chunk: Buffer) => {
    if (held.length === 0 && body.reading) {
      // Handed over; a false asks for a pause after this chunk.
      if (!body.deliver(chunk)) stream.pause();
      return;
    }
    held.push(chunk);
    stream.pause();
  });
  stream.on('end', () => {
    ended = true;
    if (held.length === 0 && body.reading) body.end();
  });
  stream.on('error', (error) => body.fail(new LeanHttpError('ECONNRESET', error.message)));
  stream.on('close', () => {
    if (!ended) body.fail(new LeanHttpError('ECONNRESET', 'the connection closed early'));
  });
  return body;
}
