/**
 * Why an image could not be added, in words a person can act on: the service's refusal names
 * ids and HTTP codes ("No camera with id …(HTTP 404 not_found)"), which say nothing to someone
 * who chose a camera from a list. Other failures (offline, signed out) keep their own words.
 */
import { english } from '../../shared/i18n/english.ts';
import { said, type Said } from '../../shared/i18n/translator.ts';
import type { ImageSource } from '../../shared/ipc/collections.ts';
import { ServiceError } from '../api/errors.ts';

const NOT_FOUND = {
  camera: 'collections.refused.camera',
  archive: 'collections.refused.archive',
  observation: 'collections.refused.observation',
  recording: 'collections.refused.recording',
  recordingFrame: 'collections.refused.recordingFrame',
  collection: 'collections.refused.collection',
} as const satisfies Record<ImageSource['kind'], string>;

/** An image the service would not add: `said` for the user's language, `message` its English. */
export class AddImageRefusedError extends Error {
  readonly said: Said;
  constructor(words: Said, cause: unknown) {
    super(english.say(words), { cause });
    this.name = 'AddImageRefusedError';
    this.said = words;
  }
}

/** The error to show for a failed add: words for the service's refusals, else the error itself. */
export function addImageFailure(error: unknown, source: ImageSource): Error {
  if (!(error instanceof ServiceError))
    return error instanceof Error ? error : new Error(String(error));
  if (error.status === 404) return new AddImageRefusedError(said(NOT_FOUND[source.kind]), error);
  // Refused as asked (a frame that is no image, a recording that failed): not worth retrying.
  if (error.status === 400 || error.status === 409 || error.status === 422)
    return new AddImageRefusedError(said('collections.refused.any'), error);
  return error;
}
