/**
 * A media answer's failure, as the core means it, in a header beside its English text body: the
 * page says it in the user's language. The header carries JSON, percent-encoded so that any
 * character of a parameter (a camera's name, the service's message) is a header's ASCII.
 */
import type { Said } from './translator.ts';

export const SAID_HEADER = 'X-Roadcam-Said';

/** Past this a header is refused by some stacks: the English body alone says it then. */
const MOST_HEADER_CHARS = 6000;

export function saidHeaderValue(said: Said): string | null {
  const value = encodeURIComponent(JSON.stringify(said));
  return value.length <= MOST_HEADER_CHARS ? value : null;
}

/** What the header said, or null: absent, cut, or not a message's shape. */
export function saidFromHeader(value: string | null): Said | null {
  if (value === null) return null;
  try {
    const parsed = JSON.parse(decodeURIComponent(value)) as Partial<Said> | null;
    const shaped =
      typeof parsed?.code === 'string' &&
      typeof parsed.params === 'object' &&
      parsed.params !== null;
    return shaped ? (parsed as Said) : null;
  } catch {
    return null;
  }
}
