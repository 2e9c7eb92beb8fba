/**
 * Section 4.3 Images: the media cache, one image a minute for the last 24 hours, listed,
 * shown (a redirect to the signed frame) and served as a signed file.
 */
import type { ServiceContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import type { RequestContext } from '../../http/router.ts';
import { parseFrameName, signedFramePath } from '../../media/image-names.ts';
import type { FileToSend } from '../../media/send-file.ts';
import { mediaOf, type MediaServices } from '../../media/services.ts';
import type { MediaCamera } from '../../media/world-view.ts';
import { requireNoParams } from '../../search/common.ts';
import { ParamReader } from '../../search/reader.ts';
import { isoFromSeconds, parseInstant } from '../../search/times.ts';

export const MEDIA_CACHE_HOURS = 24;
export const IMAGES_LIMIT = { limitDefault: 100, limitMax: 500 } as const;
const MINUTE = 60;

export function cameraOr404(m: MediaServices, id: string): MediaCamera {
  const camera = m.world.camera(id);
  if (!camera) throw notFound('camera', id);
  return camera;
}

/** The media cache window: every whole minute of the last 24 hours, inclusive. */
export function mediaCacheWindow(nowS: number): { first: number; last: number } {
  const last = Math.floor(nowS / MINUTE) * MINUTE;
  return { first: last - MEDIA_CACHE_HOURS * 3600 + MINUTE, last };
}

export function listImageTimes(s: ServiceContext, ctx: RequestContext) {
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
    isoFromSeconds(from + i * MINUTE),
  );
  return { json: { total, times } };
}

export function showArchivedImage(s: ServiceContext, ctx: RequestContext) {
  const m = mediaOf(s);
  requireNoParams(ctx.params, 'an archived image');
  const camera = cameraOr404(m, ctx.pathParams['id']!);
  const wanted = parseInstant('time', ctx.pathParams['time']!, false);
  const { first, last } = mediaCacheWindow(s.clock.nowS());
  const nearest = Math.min(last, Math.max(first, Math.round(wanted / MINUTE) * MINUTE));
  return { redirect: m.signedUrl(ctx.req, signedFramePath(camera.id, nearest * 1000)) };
}

/** The signed file of a frame, /signed/frames/:camera/:file (jpg, or png when asked). */
export async function frameFile(m: MediaServices, ctx: RequestContext): Promise<FileToSend> {
  const cameraId = ctx.pathParams['camera']!;
  const file = ctx.pathParams['file']!;
  const png = file.endsWith('.png');
  const parsed = parseFrameName(`${cameraId}_${file.replace(/\.png$/, '.jpg')}`);
  if (!parsed) throw notFound('frame', file);
  const camera = cameraOr404(m, cameraId);
  return {
    path: await m.frameFile(camera, parsed.tMs, png ? 'png' : 'jpeg'),
    contentType: png ? 'image/png' : 'image/jpeg',
    // A frame was taken at its time, not when this service rendered its file.
    modifiedMs: parsed.tMs,
  };
}
