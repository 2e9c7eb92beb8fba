/** Reads and parses request bodies: JSON or form-encoded, at most 1 MiB. */
import type { IncomingMessage } from 'node:http';
import { RequestError } from './errors.ts';
import { emptyBag, fromJson, parseUrlEncoded, type ParamBag } from './params.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) {
    req.resume();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      req.resume();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function tooLarge(): RequestError {
  return new RequestError(
    413,
    'payload_too_large',
    `The request body is larger than ${MAX_BODY_BYTES} bytes.`,
  );
}

/** Parses a body by its Content-Type; an empty body is no parameters. */
export function parseBody(req: IncomingMessage, raw: Buffer): ParamBag {
  if (raw.length === 0) return emptyBag();
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  const text = raw.toString('utf8');
  if (type === 'application/json' || type.endsWith('+json')) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      throw new RequestError(
        400,
        'invalid_body',
        `The body is not valid JSON: ${(e as Error).message}`,
      );
    }
    return fromJson(value);
  }
  if (type === 'application/x-www-form-urlencoded' || type === 'x-www-form-urlencoded')
    return parseUrlEncoded(text);
  throw new RequestError(
    415,
    'unsupported_media_type',
    `Send parameters as application/json or application/x-www-form-urlencoded, not ${type || 'a body without Content-Type'}.`,
  );
}
