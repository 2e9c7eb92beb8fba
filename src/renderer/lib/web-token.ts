import { tokenPath, type TokenPathKind } from '../../shared/web-paths.ts';

const KEY = 'roadcam.token';
/** Where the token is kept when this tab's storage cannot be used (storage turned off). */
let kept = '';

/**
 * Browser mode's per-launch token, taken once as the page starts (main.ts). The page is opened
 * with it in its URL (`/?token=...`); it is kept in this tab's session storage, so that a reload
 * (whose URL no longer has it) still works, and taken out of the address bar, so that it is not
 * in the history nor shown on a shared screen. It only ever goes to this page's own port: in
 * the WebSocket's URL and in media paths. Never a cookie, which browsers would also send to
 * every other port of 127.0.0.1. Returns the token, or '' when the page has none.
 */
export function adoptPageToken(): string {
  const params = new URLSearchParams(location.search);
  const fromUrl = params.get('token');
  if (!fromUrl) return pageToken();
  store(fromUrl);
  params.delete('token');
  const others = params.toString();
  const search = others ? `?${others}` : '';
  history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`);
  return fromUrl;
}

/** The token adopted at the start (or, before that, the one in the page's URL). */
export function pageToken(): string {
  return stored() ?? (kept || new URLSearchParams(location.search).get('token') || '');
}

/** The WebSocket that carries the IPC contract, on the port that served this page. */
export function socketUrl(): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ipc?token=${encodeURIComponent(pageToken())}`;
}

/** A path of the host that needs the token (`/media/<token>/cameras/C1/live`). */
export function webPath(route: TokenPathKind, rest = ''): string {
  return tokenPath(route, pageToken(), rest);
}

function store(token: string): void {
  try {
    sessionStorage.setItem(KEY, token);
  } catch {
    // Storage turned off: the token lives in memory only, and a reload needs the full URL.
    kept = token;
  }
}

function stored(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}
