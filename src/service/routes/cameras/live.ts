/**
 * Section 4.3 Live image and Live video: the live image (jpeg, png or a signed redirect,
 * fixed per camera) and the live HLS master playlist, chunk playlists and segments (or, as a
 * variant, one media playlist and its segments).
 */
import type { ServiceContext } from '../../context.ts';
import { RequestError } from '../../http/errors.ts';
import type { RequestContext } from '../../http/router.ts';
import { chunkPlaylist, masterFile, masterPlaylist } from '../../media/hls-master.ts';
import { signedFramePath } from '../../media/image-names.ts';
import { sendFile } from '../../media/send-file.ts';
import { liveImageMode, mediaOf, type MediaServices } from '../../media/services.ts';
import type { MediaCamera } from '../../media/world-view.ts';
import { requireNoParams } from '../../search/common.ts';
import { readFile } from 'node:fs/promises';
import { cameraOr404, mediaCacheWindow } from './images.ts';

function requireOnline(m: MediaServices, camera: MediaCamera): void {
  if (m.offline.has(camera.id)) {
    throw new RequestError(
      503,
      'unavailable',
      `Camera ${camera.id} is offline: its live image and video are unavailable. Retry later.`,
      undefined,
      {
        'Retry-After': '60',
      },
    );
  }
}

export async function liveImage(s: ServiceContext, ctx: RequestContext) {
  const m = mediaOf(s);
  requireNoParams(ctx.params, 'the live image');
  const camera = cameraOr404(m, ctx.pathParams['id']!);
  requireOnline(m, camera);
  const t = mediaCacheWindow(s.clock.nowS()).last;
  const natural = liveImageMode(camera.id);
  // Variant liveImage 'redirect': every camera's image is a 302, a PNG camera's to a PNG.
  const mode = s.variant.liveImage === 'redirect' ? 'redirect' : natural;
  if (mode === 'redirect') {
    const ext = natural === 'png' ? 'png' : 'jpg';
    return { redirect: m.signedUrl(ctx.req, signedFramePath(camera.id, t * 1000, ext)) };
  }
  const file = await m.frameFile(camera, t * 1000, mode);
  return {
    body: await readFile(file),
    contentType: mode === 'png' ? 'image/png' : 'image/jpeg',
    headers: { 'Cache-Control': 'no-cache', 'Last-Modified': new Date(t * 1000).toUTCString() },
  };
}

function liveFailure(file: { status: 404 | 503; message: string }): RequestError {
  return new RequestError(
    file.status,
    file.status === 503 ? 'unavailable' : 'not_found',
    file.message,
    undefined,
    file.status === 503 ? { 'Retry-After': '10' } : {},
  );
}

export async function liveFile(s: ServiceContext, ctx: RequestContext) {
  const m = mediaOf(s);
  const camera = cameraOr404(m, ctx.pathParams['id']!);
  if (!camera.video) {
    throw new RequestError(
      404,
      'not_found',
      `Camera ${camera.id} has no live video (properties.video is false): use its live image instead.`,
    );
  }
  requireOnline(m, camera);
  if (s.variant.hls === 'master') return masterLiveFile(m, camera, ctx);
  const file = await m.live.file(camera.id, ctx.pathParams['file']!);
  if (!file.ok) throw liveFailure(file);
  const playlist = file.contentType !== 'video/MP2T';
  await sendFile(ctx.req, ctx.res, {
    path: file.path,
    contentType: file.contentType,
    cacheControl: playlist ? 'no-cache' : 'private, max-age=60',
  });
  return { handled: true } as const;
}

/** Ours (hls 'master'): a master playlist, then a chunk playlist per rendition and its segments. */
async function masterLiveFile(m: MediaServices, camera: MediaCamera, ctx: RequestContext) {
  const session = ctx.query['session'];
  const wanted = masterFile(
    camera.id,
    ctx.pathParams['file']!,
    typeof session === 'string' ? session : undefined,
    m.live.renditions,
  );
  if (wanted.kind === 'refused') {
    throw new RequestError(
      wanted.status,
      wanted.status === 403 ? 'forbidden' : 'not_found',
      wanted.message,
    );
  }
  if (wanted.kind === 'master') {
    // No stream starts for the master playlist: the player asks for the rendition it plays.
    return {
      body: masterPlaylist(camera.id, m.live.renditions),
      contentType: 'application/vnd.apple.mpegurl',
      headers: { 'Cache-Control': 'no-cache' },
    };
  }
  const file = await m.live.file(
    camera.id,
    wanted.kind === 'segment' ? wanted.file : 'playlist.m3u8',
    wanted.rendition,
  );
  if (!file.ok) throw liveFailure(file);
  if (wanted.kind === 'segment') {
    await sendFile(ctx.req, ctx.res, {
      path: file.path,
      contentType: file.contentType,
      cacheControl: 'private, max-age=60',
    });
    return { handled: true } as const;
  }
  return {
    body: chunkPlaylist(await readFile(file.path, 'utf8'), camera.id, wanted.rendition),
    contentType: 'application/vnd.apple.mpegurl',
    headers: { 'Cache-Control': 'no-cache' },
  };
}
