import { Readable } from 'node:stream';
import { protocol } from 'electron';
import { type Core, safeMediaHeaders } from '../../engine/index.ts';

export const MEDIA_SCHEME = 'roadcam-media';

/** Must run before the app is ready: the scheme streams, and hls.js fetches from it. */
export function registerMediaScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: MEDIA_SCHEME,
      privileges: {
        standard: true,
        secure: true,
        supportFetchAPI: true,
        stream: true,
        corsEnabled: true,
      },
    },
  ]);
}

/**
 * `roadcam-media://app/<path>` -> the core's media resolver, which adds the token and follows
 * signed redirects in the main process. Only the resolver's routes exist: no file paths.
 */
export function handleMediaScheme(core: Promise<Core>): void {
  protocol.handle(MEDIA_SCHEME, async (request) => {
    const url = new URL(request.url);
    if (url.host !== 'app') {
      const headers = safeMediaHeaders(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      return new Response('Unknown media host.', { status: 404, headers });
    }
    // The query too: HLS playlists may name files with one (media/routes.ts).
    const answer = await (
      await core
    ).media.resolve(url.pathname.replace(/^\/+/, '') + url.search, request.signal);
    const body = request.method === 'HEAD' ? null : (Readable.toWeb(answer.body) as ReadableStream);
    if (!body) answer.body.destroy();
    // The service's Content-Type is not trusted on this origin (media/safe-headers.ts).
    const headers = safeMediaHeaders(answer.status, answer.headers);
    return new Response(body, { status: answer.status, headers });
  });
}
