/** What the records users create, recordings and collections, share: new ids and tags. */
import { randomBytes } from 'node:crypto';
import { invalidParameter } from '../http/errors.ts';
import type { ParamReader } from '../search/reader.ts';

const MAX_TAGS = 50;
const MAX_TAG_LENGTH = 100;

/** Tags (interface 4.4, 4.6): an array or a comma-delimited list. */
export function readTags(r: ParamReader, name = 'tags'): string[] {
  const tags = r.commaList(name) ?? [];
  if (tags.length > MAX_TAGS) throw invalidParameter(name, `At most ${MAX_TAGS} tags.`);
  const long = tags.find((t) => t.length > MAX_TAG_LENGTH);
  if (long !== undefined)
    throw invalidParameter(name, `A tag is at most ${MAX_TAG_LENGTH} characters long.`);
  return tags;
}

/** A new record id: the prefix, then 12 random lowercase letters and digits. */
export function newRecordId(prefix: 'rec' | 'col'): string {
  const random = randomBytes(9)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '0')
    .slice(0, 12);
  return `${prefix}_${random}`;
}
