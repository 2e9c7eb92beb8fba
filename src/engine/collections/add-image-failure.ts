/**
 * Why an image could not be added, in words a person can act on: the service's refusal names
 * ids and HTTP codes ("No camera with id …(HTTP 404 not_found)"), which say nothing to someone
 * who chose a camera from a list. Other failures (offline, signed out) keep their own words.
 */
import type { ImageSource } from '../../shared/ipc/collections.ts';
import { ServiceError } from '../api/errors.ts';

const NOT_FOUND: Record<ImageSource['kind'], string> = {
  camera: 'That camera is not on the service any more. Choose another camera.',
  archive:
    'That camera has no archived image at that time any more (the service keeps about a day). Choose a later time.',
  observation: 'That observation is not on the service any more. Choose another one.',
  recording:
    'That recording is not on the service any more, or it has no preview yet. Choose another recording.',
  recordingFrame: 'That recording has no frame of that name. Choose a frame from its list.',
  collection: 'That image is no longer in the other collection. Choose another image.',
};

/** The error to show for a failed add: words for the service's refusals, else the error itself. */
export function addImageFailure(error: unknown, source: ImageSource): Error {
  if (!(error instanceof ServiceError))
    return error instanceof Error ? error : new Error(String(error));
  if (error.status === 404) return new Error(NOT_FOUND[source.kind], { cause: error });
  // Refused as asked (a frame that is no image, a recording that failed): not worth retrying.
  if (error.status === 400 || error.status === 409 || error.status === 422)
    return new Error(
      'The service refused to add this image. Choose another image; if every image is refused, check the service in Settings.',
      { cause: error },
    );
  return error;
}
