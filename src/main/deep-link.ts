/**
 * `roadcam://` links (and command-line arguments carrying them) as routes of the renderer:
 * `roadcam://wall?cameras=A,B&layout=3x3` -> `/wall?cameras=A,B&layout=3x3`,
 * `roadcam://collections/ID` -> `/collections/ID`, `roadcam://route?name=N&line=L&buffer=2` ->
 * `/route?name=N&line=L&buffer=2`. Anything else is refused (null): a link is
 * input from outside the app.
 */
import { MAX_LINK_LINE_CHARS } from '../shared/route-link.ts';

const views = new Set(['map', 'wall', 'downloads', 'collections', 'alerts', 'settings', 'route']);

/**
 * A route link carries its line in the query (route-link.ts): the encoded line percent-escaped
 * at most triples. Longer is refused; the Route view says so in words rather than nothing opening.
 */
export const MAX_ROUTE_QUERY_CHARS = 3 * MAX_LINK_LINE_CHARS + 400;

export function routeFromLink(link: string): string | null {
  if (!URL.canParse(link)) return null;
  const url = new URL(link);
  if (url.protocol !== 'roadcam:') return null;
  // roadcam://wall?x parses with host "wall"; roadcam:/wall or roadcam:wall with a path.
  const segments = [url.host, ...url.pathname.split('/')].filter(Boolean).map(decodeURIComponent);
  const [view, ...rest] = segments;
  if (!view || !views.has(view) || rest.length > 2) return null;
  if (rest.some((part) => !/^[\w.:-]{1,200}$/.test(part))) return null;
  if (view === 'route') {
    if (rest.length > 0) return null;
    if (url.search.length > MAX_ROUTE_QUERY_CHARS) return '/route?refused=too-long';
  }
  const path = ['', view, ...rest.map(encodeURIComponent)].join('/');
  return url.search.length > 1 ? `${path}${url.search}` : path;
}

/** The first roadcam:// link among command-line arguments (Windows and Linux pass links so). */
export function linkFromArgv(argv: readonly string[]): string | null {
  return argv.find((arg) => arg.startsWith('roadcam:')) ?? null;
}
