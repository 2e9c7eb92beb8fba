/**
 * Section 4.3 imagery and video, and 4.2 Preview: the live image (jpeg, png or a signed
 * redirect, fixed per camera), live HLS, the media cache (one image a minute for the last 24
 * hours) and an observation's preview frame.
 */
import type { ServiceContext } from '../context.ts';
import { ApiError, notFound } from '../http/errors.ts';
import type { RequestContext, Router } from '../http/router.ts';
import { chunkPlaylist, masterFile, masterPlaylist } from '../media/hls-master.ts';
import { signedFramePath } from '../media/image-names.ts';
import { sendFile } from '../media/send-file.ts';
import { liveImageMode, mediaOf, type MediaServices } from '../media/services.ts';
import type { MediaCamera } from '../media/world-view.ts';
import { requireNoParams } from '../search/common.ts';
import { showObservation } from '../search/observations.ts';
import { ParamReader } from '../search/reader.ts';
import { isoSeconds, parseInstant } from '../search/times.ts';
import { readFile } from 'node:fs/promises';

export const MEDIA_CACHE_HOURS = 24;
export const IMAGES_LIMIT = { limitDefault: 100, limitMax: 500 } as const;
const MINUTE = 60;

export function cameraOr404(m: MediaServices, id: string): MediaCamera {
  const camera = m.world.camera(id);
  if (!camera) throw notFound('camera', id);
  return camera;
}

function requireOnline(m: MediaServices, camera: MediaCamera): void {
  if (m.offline.has(camera.id)) {
    throw new ApiError(
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

/** The media cache window: every whole minute of the last 24 hours, inclusive. */
export function mediaCacheWindow(nowS: number): { first: number; last: number } {
  const last = Math.floor(nowS / MINUTE) * MINUTE;
  return { first: last - MEDIA_CACHE_HOURS * 3600 + MINUTE, last };
}

async function liveImage(s: ServiceContext, ctx: RequestContext) {
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

function liveFailure(file: { status: 404 | 503; message: string }): ApiError {
  return new ApiError(
    file.status,
    file.status === 503 ? 'unavailable' : 'not_found',
    file.message,
    undefined,
    file.status === 503 ? { 'Retry-After': '10' } : {},
  );
}

async function liveFile(s: ServiceContext, ctx: RequestContext) {
  const m = mediaOf(s);
  const camera = cameraOr404(m, ctx.pathParams['id']!);
  if (!camera.video) {
    throw new ApiError(
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

/** Variant hls 'master': a master playlist, then a chunk playlist and segments of other names. */
async function masterLiveFile(m: MediaServices, camera: MediaCamera, ctx: RequestContext) {
  const session = ctx.query['session'];
  const wanted = masterFile(
    camera.id,
    ctx.pathParams['file']!,
    typeof session === 'string' ? session : undefined,
  );
  if (wanted.kind === 'refused') {
    throw new ApiError(
      wanted.status,
      wanted.status === 403 ? 'forbidden' : 'not_found',
      wanted.message,
    );
  }
  const file = await m.live.file(
    camera.id,
    wanted.kind === 'segment' ? wanted.file : 'playlist.m3u8',
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
  const body =
    wanted.kind === 'master'
      ? masterPlaylist(camera.id)
      : chunkPlaylist(await readFile(file.path, 'utf8'), camera.id);
  return {
    body,
    contentType: 'application/vnd.apple.mpegurl',
    headers: { 'Cache-Control': 'no-cache' },
  };
}

function imageTimes(s: ServiceContext, ctx: RequestContext) {
  const m = mediaOf(s);
  const r = new ParamReader(ctx.params, ['time', 'limit']);
  cameraOr404(m, ctx.pathParams['id']!);
  const limit = r.int('limit', { min: 0, max: IMAGES_LIMIT.limitMax }) ?? IMAGES_LIMIT.limitDefault;
  const { first, last } = mediaCacheWindow(s.clock.nowS());
  const time = r.string('time');
  // `time` is an inclusive start: the first listed image is at or after it.
  const from =
    time === undefined
      ? first
      : Math.max(first, Math.ceil(parseInstant('time', time, false) / MINUTE) * MINUTE);
  const total = from > last ? 0 : (last - from) / MINUTE + 1;
  const times = Array.from({ length: Math.min(limit, total) }, (_, i) =>
    isoSeconds(from + i * MINUTE),
  );
  return { json: { total, times } };
}

function showImage(s: ServiceContext, ctx: RequestContext) {
  const m = mediaOf(s);
  requireNoParams(ctx.params, 'an archived image');
  const camera = cameraOr404(m, ctx.pathParams['id']!);
  const wanted = parseInstant('time', ctx.pathParams['time']!, false);
  const { first, last } = mediaCacheWindow(s.clock.nowS());
  const nearest = Math.min(last, Math.max(first, Math.round(wanted / MINUTE) * MINUTE));
  return { redirect: m.signedUrl(ctx.req, signedFramePath(camera.id, nearest * 1000)) };
}

function preview(s: ServiceContext, ctx: RequestContext) {
  const m = mediaOf(s);
  requireNoParams(ctx.params, 'an observation preview');
  const obs = showObservation(s.world, ctx.pathParams['id']!);
  const t = Date.parse(obs.properties.time ?? '') / 1000; // our own records have a time
  return { redirect: m.signedUrl(ctx.req, signedFramePath(obs.properties.camera_id, t * 1000)) };
}

export function registerCameraMediaRoutes(router: Router, s: ServiceContext): void {
  router.get('/v1/cameras/:id/live', (ctx) => liveImage(s, ctx));
  router.get('/v1/cameras/:id/live/:file', (ctx) => liveFile(s, ctx));
  router.get('/v1/cameras/:id/images', (ctx) => imageTimes(s, ctx));
  router.get('/v1/cameras/:id/images/:time', (ctx) => showImage(s, ctx));
  router.get('/v1/observations/:id/preview', (ctx) => preview(s, ctx));
}
