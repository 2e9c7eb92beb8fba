/**
 * Values from the renderer, a shared link or the service go into URL paths (ids, image names,
 * snapshot marks). Each is percent-encoded as one segment; "", "." and ".." are refused before
 * any request, since URL resolution turns them into another path (`/v1/cameras/.` is the
 * camera search), whatever their encoding (`%2e` is a dot segment too).
 */
import { english } from '../../shared/i18n/english.ts';
import { said, saidWithin } from '../../shared/i18n/translator.ts';
import { ApiError } from './errors.ts';

/** What a value in a path is: a camera id, an image name... (`api.pathValue`). */
export type PathValue =
  | 'cameraId'
  | 'observationId'
  | 'recordingId'
  | 'alertId'
  | 'collectionId'
  | 'imageName'
  | 'snapshotTime'
  | 'imageTime'
  | 'videoFileName';

/** A value that cannot name a resource in a URL path. */
export class InvalidPathValueError extends ApiError {
  readonly value: string;

  constructor(what: PathValue, value: string) {
    const operation = said('api.pathValue', { what });
    const words = said('api.refused.pathValue', { value, what: saidWithin(operation) });
    super(operation, english.say(words), { said: words });
    this.name = 'InvalidPathValueError';
    this.value = value;
  }
}

/** `value` (a `what`: a camera id, an image name...) as one path segment. */
export function segment(value: string, what: PathValue): string {
  if (value === '' || value === '.' || value === '..') {
    throw new InvalidPathValueError(what, value);
  }
  return encodeURIComponent(value);
}
