import { fileURLToPath } from 'node:url';
import { relative, isAbsolute } from 'node:path';

/**
 * Which URLs the window may show: the built renderer's own files, or the dev server in
 * `npm run dev`. Anything else (a link in an alert text, a redirect) is not the app.
 */
export function isAppUrl(url: string, rendererDir: string, devServer?: string): boolean {
  if (!URL.canParse(url)) return false;
  const parsed = new URL(url);
  if (devServer && URL.canParse(devServer)) {
    const dev = new URL(devServer);
    if (parsed.origin === dev.origin) return true;
  }
  if (parsed.protocol !== 'file:') return false;
  const inside = relative(rendererDir, fileURLToPath(parsed));
  return inside !== '' && !inside.startsWith('..') && !isAbsolute(inside);
}

/** Only well-formed https URLs go to the system browser: never file:, custom schemes or scripts. */
export function isExternalHttps(url: string): boolean {
  return URL.canParse(url) && new URL(url).protocol === 'https:';
}
