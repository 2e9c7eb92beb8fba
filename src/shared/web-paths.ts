/**
 * Browser mode's routes that need the per-launch token: the media the page shows and the
 * diagnostics zip. The token is their first path segment (`/media/<token>/cameras/C1/live`), not
 * a cookie (browsers send a cookie to every port of 127.0.0.1, so other local servers would get
 * it) and not the query (a media URL's query belongs to the service's playlists, and relative
 * names inside an HLS playlist keep the path, so every file of a stream carries the token).
 */
export type TokenPathKind = 'media' | 'diagnostics';

const ROUTES: readonly string[] = ['media', 'diagnostics'] satisfies TokenPathKind[];

/** `/media/<token>/cameras/C1/live` for `('media', token, 'cameras/C1/live')`. */
export function tokenPath(route: TokenPathKind, token: string, rest = ''): string {
  return `/${route}/${encodeURIComponent(token)}/${rest.replace(/^\/+/, '')}`;
}

/** The parts of a token route's path (still percent-encoded), or null for any other path. */
export function readTokenPath(
  pathname: string,
): { route: TokenPathKind; token: string; rest: string } | null {
  const match = /^\/([a-z]+)\/([^/]*)(?:\/(.*))?$/s.exec(pathname);
  if (!match || !ROUTES.includes(match[1]!)) return null;
  return { route: match[1] as TokenPathKind, token: match[2]!, rest: match[3] ?? '' };
}
