/**
 * The service's own words in an error answer, whatever its form: the interface shows no error
 * body, so a provider may send JSON of any fields, plain text, an HTML page (its own, or a
 * gateway's) or nothing. Everything here is untrusted input: a field is used only when it is
 * text, tags are stripped and entities decoded, and the caller redacts secrets and cuts the
 * result (errors.ts). An HTML page is read by html-text.ts.
 */
import { htmlText, oneLine } from './html-text.ts';

export interface BodyWords {
  /** What the service said, as one line; '' when it said nothing readable. */
  message: string;
  /** A code in the body (ours, OAuth's `error`), when it is a word. */
  code?: string | undefined;
  /** The parameter at fault, when the body names one as a word. */
  parameter?: string | undefined;
}

/** Reads an error answer's body as it was sent, with its Content-Type (or null). */
export function wordsOfBody(text: string, contentType: string | null): BodyWords {
  const trimmed = text.trim();
  if (trimmed === '') return { message: '' };
  const type = (contentType ?? '').toLowerCase();
  if (type.includes('json') || /^[[{"]/.test(trimmed)) {
    try {
      return wordsOfJson(JSON.parse(trimmed));
    } catch {
      // Not JSON after all: read it as text below.
    }
  }
  if (type.includes('html') || /^<(!doctype|html|head|body|\w+[\s>])/i.test(trimmed)) {
    return { message: htmlText(trimmed) };
  }
  return { message: oneLine(trimmed) };
}

/** The words of a parsed JSON error body, in the shapes providers use (docs/core.md). */
export function wordsOfJson(body: unknown): BodyWords {
  if (typeof body === 'string') return { message: oneLine(body) };
  if (!isRecord(body)) return { message: leaves(body).join('; ') };
  const e = body['error'];
  // Ours and Google's: {error: {code?, message, parameter?}}.
  if (isRecord(e)) {
    const message = firstText(e['message'], e['description'], e['detail'], e['title']);
    if (message) {
      return { message, code: word(e['code']), parameter: parameterOf(e) };
    }
  }
  // OAuth (RFC 6749 5.2): {error: "invalid_client", error_description?}; or {error: "text"}.
  if (typeof e === 'string') {
    const description = firstText(body['error_description'], body['message'], body['detail']);
    const code = word(e);
    return { message: description ?? oneLine(e), code, parameter: parameterOf(body) };
  }
  const listed = errorList(body['errors']);
  // RFC 7807 problem details {title, detail}, and the common {message} and {detail}.
  const title = text(body['title']);
  const detail = firstText(body['detail'], body['message'], body['description']);
  const message =
    title && detail && !detail.includes(title)
      ? `${title}: ${detail}`
      : (detail ?? listed ?? title);
  if (message) {
    return {
      message: listed && listed !== message ? `${message}; ${listed}` : message,
      code: word(body['code']) ?? word(body['error_code']),
      parameter: parameterOf(body) ?? firstParameter(body['errors'], body['invalid_params']),
    };
  }
  return { message: leaves(body).join('; ') };
}

/** `errors` as a list of strings or {message} objects, or a map of field -> messages (Rails). */
function errorList(errors: unknown): string | undefined {
  if (Array.isArray(errors)) {
    const words = errors
      .map((x) => (isRecord(x) ? firstText(x['message'], x['detail'], x['title']) : text(x)))
      .filter((x): x is string => x !== undefined);
    return words.length > 0 ? words.join('; ') : undefined;
  }
  if (isRecord(errors)) {
    const words = Object.entries(errors).flatMap(([field, v]) => {
      const said = leaves(v);
      return said.length > 0 ? [`${field}: ${said.join(', ')}`] : [];
    });
    return words.length > 0 ? words.join('; ') : undefined;
  }
  return undefined;
}

function parameterOf(record: Record<string, unknown>): string | undefined {
  return word(record['parameter']) ?? word(record['param']) ?? word(record['field']);
}

function firstParameter(...lists: unknown[]): string | undefined {
  for (const list of lists) {
    const first: unknown = Array.isArray(list) ? list[0] : undefined;
    if (isRecord(first)) {
      const found = parameterOf(first) ?? word(first['name']);
      if (found) return found;
    }
  }
  return undefined;
}

/** Every piece of text in a JSON value (depth-first, a few levels, a few dozen at most). */
function leaves(value: unknown, depth = 0, out: string[] = []): string[] {
  if (out.length >= 20 || depth > 4) return out;
  const t = text(value);
  if (t !== undefined) out.push(t);
  else if (Array.isArray(value)) for (const v of value) leaves(v, depth + 1, out);
  else if (isRecord(value)) for (const v of Object.values(value)) leaves(v, depth + 1, out);
  return out;
}

function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const line = oneLine(value);
  return line === '' ? undefined : line;
}

function firstText(...values: unknown[]): string | undefined {
  for (const v of values) {
    const t = text(v);
    if (t !== undefined) return t;
  }
  return undefined;
}

/** A code or parameter name as interfaces write them; anything else is not used as one. */
export function word(value: unknown): string | undefined {
  return typeof value === 'string' && /^[\w.[\]-]{1,100}$/.test(value) ? value : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
