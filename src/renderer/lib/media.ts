import { webPath } from './web-token.ts';

/**
 * The URL of a media path (`cameras/C1/live`, `cameras/C1/live/playlist.m3u8`, ...): the app's
 * media scheme in the desktop app, `/media/<page token>/` of the host in browser mode. Either way
 * the main process fetches it with the service's token, which the page never sees.
 */
export function mediaUrl(path: string): string {
  const clean = path.replace(/^\/+/, '');
  return window.api ? `roadcam-media://app/${clean}` : webPath('media', clean);
}
