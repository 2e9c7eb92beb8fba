/**
 * One recording's detail (interface 4.4): shown from a search result, a download item, the map or a
 * `roadcam://downloads/recording/ID` link, and its tags, which the user can add to.
 */
import { z } from 'zod';
import type { Recording } from '../api/index.ts';
import { recordingId } from './downloads.ts';
import { type } from './marker.ts';

/**
 * The interface gives no limit on tags (our service's 50 tags of 100 characters are its own
 * choice): these bounds only keep the renderer's input sane; the service refuses what it refuses, in
 * its own words. A comma would split a tag in the comma-delimited form the interface allows.
 */
const tag = z
  .string()
  .trim()
  .min(1, 'a tag cannot be empty')
  .max(1000, 'a tag is at most 1,000 characters long')
  .refine((t) => !t.includes(','), 'a tag cannot contain a comma (commas separate tags)');

export const recordingsChannels = {
  /** GET /v1/recordings/:id. */
  'recordings.show': {
    input: z.object({ id: recordingId }).strict(),
    result: type<Recording>(),
  },
  /** PUT /v1/recordings/:id/tags: adds tags (the old ones stay); the answer has them all. */
  'recordings.addTags': {
    input: z
      .object({ id: recordingId, tags: z.array(tag).min(1, 'give at least one tag').max(1000) })
      .strict(),
    result: type<{ tags: string[] }>(),
  },
} as const;
