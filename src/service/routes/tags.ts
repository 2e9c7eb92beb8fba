/** The tags of recordings and collections (spec 4.4, 4.6): an array or a comma-delimited list. */
import { invalidParameter } from '../http/errors.ts';
import type { ParamReader } from '../search/reader.ts';

const MAX_TAGS = 50;
const MAX_TAG_LENGTH = 100;

export function readTags(r: ParamReader, name = 'tags'): string[] {
  const tags = r.commaList(name) ?? [];
  if (tags.length > MAX_TAGS) throw invalidParameter(name, `At most ${MAX_TAGS} tags.`);
  const long = tags.find((t) => t.length > MAX_TAG_LENGTH);
  if (long !== undefined)
    throw invalidParameter(name, `A tag is at most ${MAX_TAG_LENGTH} characters long.`);
  return tags;
}
