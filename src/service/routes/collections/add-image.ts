/**
 * Add Image (interface 4.6): exactly one of six parameter sets says which frame to add. Every
 * set resolves to a camera and a time, whose frame name is what the collection stores. Names
 * given and answered are the service's own form (imageNamesOf): ours or opaque.
 */
import type { ServiceContext } from '../../context.ts';
import { RequestError, notFound } from '../../http/errors.ts';
import type { RequestContext } from '../../http/router.ts';
import { frameTimes } from '../../jobs/recording-builder.ts';
import { frameName, imageNamesOf, parseFrameName, type Frame } from '../../media/image-names.ts';
import { mediaOf } from '../../media/services.ts';
import { collectionNum } from '../../search/collections.ts';
import { showObservation } from '../../search/observations.ts';
import { ParamReader } from '../../search/reader.ts';
import { showRecording } from '../../search/recordings.ts';
import { parseInstant } from '../../search/times.ts';
import { addCollectionImage, applyCollectionChanges } from '../../store/collections.ts';
import { cameraOr404, mediaCacheWindow } from '../cameras/images.ts';
import { storedImage } from './images.ts';

type Resolver = (s: ServiceContext, r: ParamReader) => Frame;

const SETS: { keys: string[]; resolve: Resolver }[] = [
  { keys: ['camera_id'], resolve: currentImage },
  { keys: ['camera_id', 'time'], resolve: archivedImage },
  { keys: ['observation_id'], resolve: observationImage },
  { keys: ['recording_id'], resolve: recordingPreview },
  { keys: ['image', 'recording_id'], resolve: recordingImage },
  { keys: ['collection_id', 'image'], resolve: otherCollectionImage },
];
const ALL_KEYS = [...new Set(SETS.flatMap((s) => s.keys))];
const SET_NAMES = SETS.map((s) => s.keys.join(' + ')).join('; ');

function must(r: ParamReader, name: string): string {
  return r.string(name)!.trim();
}

function currentImage(s: ServiceContext, r: ParamReader): Frame {
  const m = mediaOf(s);
  const camera = cameraOr404(m, must(r, 'camera_id'));
  if (m.offline.has(camera.id))
    throw new RequestError(
      503,
      'unavailable',
      `Camera ${camera.id} is offline: it has no current image.`,
    );
  return { cameraId: camera.id, tMs: mediaCacheWindow(s.clock.nowS()).last * 1000 };
}

function archivedImage(s: ServiceContext, r: ParamReader): Frame {
  const camera = cameraOr404(mediaOf(s), must(r, 'camera_id'));
  const t = parseInstant('time', must(r, 'time'), false);
  const { first, last } = mediaCacheWindow(s.clock.nowS());
  if (t % 60 !== 0 || t < first || t > last) {
    throw new RequestError(
      404,
      'not_found',
      `Camera ${camera.id} has no archived image at exactly ${must(r, 'time')}: the media cache holds one image a minute for the last 24 hours (GET /v1/cameras/${camera.id}/images lists them).`,
      'time',
    );
  }
  return { cameraId: camera.id, tMs: t * 1000 };
}

/** Epoch ms of a time of the service's own records (the shared types allow it absent). */
function ownTime(time: string | null | undefined): number {
  return Date.parse(time ?? '');
}

function observationImage(s: ServiceContext, r: ParamReader): Frame {
  const obs = showObservation(s.world, must(r, 'observation_id'));
  return { cameraId: obs.properties.camera_id, tMs: ownTime(obs.properties.time) };
}

function recordingTimes(s: ServiceContext, id: string): { cameraId: string; times: number[] } {
  const rec = showRecording(s.world, id, s.clock.nowS());
  if (rec.properties.status === 'failed')
    throw new RequestError(
      409,
      'conflict',
      `Recording ${id} failed: it has no images.`,
      'recording_id',
    );
  const p = rec.properties;
  return {
    cameraId: p.camera_id,
    times: frameTimes({ start: ownTime(p.start) / 1000, duration: p.duration, rate: p.rate }),
  };
}

/** A recording's preview is its representative frame: the one in the middle (as its jpg). */
function recordingPreview(s: ServiceContext, r: ParamReader): Frame {
  const { cameraId, times } = recordingTimes(s, must(r, 'recording_id'));
  return { cameraId, tMs: times[Math.floor(times.length / 2)]! };
}

function recordingImage(s: ServiceContext, r: ParamReader): Frame {
  const id = must(r, 'recording_id');
  const image = must(r, 'image');
  const { cameraId, times } = recordingTimes(s, id);
  const frame = imageNamesOf(s).frame(image);
  if (!frame || frame.cameraId !== cameraId || !times.includes(frame.tMs))
    throw notFound(`image of recording ${id}`, image);
  return frame;
}

function otherCollectionImage(s: ServiceContext, r: ParamReader): Frame {
  const from = collectionNum(s.world, must(r, 'collection_id'), s.clock.nowS());
  const image = must(r, 'image');
  const stored = storedImage(s, from, image);
  const frame = stored === undefined ? undefined : parseFrameName(stored);
  if (!frame) throw notFound(`image of collection ${must(r, 'collection_id')}`, image);
  return frame;
}

function chooseSet(r: ParamReader): Resolver {
  const given = ALL_KEYS.filter((k) => r.has(k)).sort();
  const set = SETS.find(
    (s) => s.keys.length === given.length && s.keys.every((k, i) => k === given[i]),
  );
  if (set) return set.resolve;
  const what = given.length === 0 ? 'no parameters' : given.join(' + ');
  throw new RequestError(
    400,
    'invalid_request',
    `Add Image takes exactly one parameter set (${SET_NAMES}); got ${what}.`,
    given[0],
  );
}

export function postCollectionImage(s: ServiceContext, ctx: RequestContext) {
  const r = new ParamReader(ctx.params, ALL_KEYS);
  const nowS = s.clock.nowS();
  const num = collectionNum(s.world, ctx.pathParams['id']!, nowS);
  const frame = chooseSet(r)(s, r);
  const name = frameName(frame.cameraId, frame.tMs);
  s.world.db.transaction(() => {
    addCollectionImage(s.world.db, num, name, nowS, {
      camera_id: frame.cameraId,
      time: Math.floor(frame.tMs / 1000),
    });
    applyCollectionChanges(s.world.db, num, {}, nowS);
  })();
  s.world.version++;
  // The interface shows {ok: true}; ours names the image too, a variant does not.
  if (s.variant.addImageAnswer === 'ok-only') return { json: { ok: true } };
  return { json: { ok: true, image: imageNamesOf(s).shown(name) } };
}
