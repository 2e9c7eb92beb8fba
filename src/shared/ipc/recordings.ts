/**
 * One recording's detail (spec 4.4): shown from a search result, a download item, the map or a
 * `roadcam://downloads/recording/ID` link, and its tags, which the user can add to.
 */
import { z } from 'zod';
import type { Recording } from '../api/index.ts';
import { recordingId } from './downloads.ts';
import { type } from './marker.ts';

/** The service's limits (spec 4.4): at most 50 tags of at most 100 characters each. */
const tag = z
  .string()
  .trim()
  .min(1, 'a tag cannot be empty')
  .max(100, 'a tag is at most 100 characters long')
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
      .object({ id: recordingId, tags: z.array(tag).min(1, 'give at least one tag').max(50) })
      .strict(),
    result: type<{ tags: string[] }>(),
  },
} as const;
