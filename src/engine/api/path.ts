/**
 * Values from the renderer, a shared link or the service go into URL paths (ids, image names,
 * snapshot marks). Each is percent-encoded as one segment; "", "." and ".." are refused before
 * any request, since URL resolution turns them into another path (`/v1/cameras/.` is the
 * camera search), whatever their encoding (`%2e` is a dot segment too).
 */
import { ApiError } from './errors.ts';

/** A value that cannot name a resource in a URL path. */
export class InvalidPathValueError extends ApiError {
  readonly value: string;

  constructor(what: string, value: string) {
    super(
      what,
      `${JSON.stringify(value)} is not a valid ${what}: an empty one, "." or ".." would address another path on the service. Check the value you entered or the link you opened.`,
    );
    this.name = 'InvalidPathValueError';
    this.value = value;
  }
}

/** `value` (a `what`: "camera id", "image name"...) as one path segment. */
export function segment(value: string, what: string): string {
  if (value === '' || value === '.' || value === '..') {
    throw new InvalidPathValueError(what, value);
  }
  return encodeURIComponent(value);
}
