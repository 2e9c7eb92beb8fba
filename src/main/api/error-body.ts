/**
 * The service's own words in an error answer, whatever its form: the interface shows no error
 * body, so a provider may send JSON of any fields, plain text, an HTML page (its own, or a
 * gateway's) or nothing. Everything here is untrusted input: a field is used only when it is
 * text, tags are stripped and entities decoded, and the caller redacts secrets and cuts the
 * result (errors.ts).
 */

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

/** The readable text of an HTML page: its title, then what its body shows. */
export function htmlText(html: string): string {
  const title = oneLine(
    decodeEntities(stripTags(/<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? '')),
  );
  const visible = html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<head[\s>][\s\S]*?<\/head>/gi, ' ')
    .replace(/<(script|style|template|noscript)[\s>][\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<title[^>]*>[\s\S]*?<\/title>/gi, ' ');
  const body = oneLine(decodeEntities(stripTags(visible)));
  if (!title) return body;
  if (!body || body.includes(title)) return body || title;
  return `${title}: ${body}`;
}

/** Tags inside a line of text: removed without a space, so that no word (or secret) is split. */
const INLINE = /^(a|abbr|b|code|em|font|i|kbd|mark|q|s|small|span|strong|sub|sup|tt|u)$/i;

function stripTags(html: string): string {
  return html
    .replace(/<\/?([a-z][\w-]*)[^>]*>|<![^>]*>/gi, (_tag, name?: string) =>
      name !== undefined && INLINE.test(name) ? '' : ' ',
    )
    .replace(/[<>]/g, ' ');
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[\da-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
    const code =
      name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    // Control characters and out-of-range points are dropped, not decoded.
    return code >= 32 && code <= 0x10ffff && code !== 127 ? String.fromCodePoint(code) : ' ';
  });
}

/** Trimmed, every run of white space (and control characters) one space. */
export function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  return text.replace(/[\s\u0000-\u001f\u007f]+/g, ' ').trim();
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
