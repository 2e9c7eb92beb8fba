import { Readable } from 'node:stream';
import { protocol } from 'electron';
import type { Core } from '../core.ts';

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
    if (url.host !== 'app') return new Response('Unknown media host.', { status: 404 });
    // The query too: HLS playlists may name files with one (media/routes.ts).
    const answer = await (
      await core
    ).media.resolve(url.pathname.replace(/^\/+/, '') + url.search, request.signal);
    const body = request.method === 'HEAD' ? null : (Readable.toWeb(answer.body) as ReadableStream);
    if (!body) answer.body.destroy();
    return new Response(body, { status: answer.status, headers: answer.headers });
  });
}
