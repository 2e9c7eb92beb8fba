/**
 * Section 4.4 Create, Download and Add Tags. A new recording is submitted; the recording job
 * (jobs/recording-jobs.ts) completes it once its stop time has passed. Rate: one image per
 * second. Downloads answer 302 to a signed URL of the built file.
 */
import { randomBytes } from 'node:crypto';
import { RECORDING_FORMATS, type RecordingFormat } from '../../shared/api/index.ts';
import type { ServiceContext } from '../context.ts';
import { ApiError, invalidParameter, notFound } from '../http/errors.ts';
import type { RequestContext, Router } from '../http/router.ts';
import { mediaOf } from '../media/services.ts';
import { requireNoParams } from '../search/common.ts';
import { ParamReader } from '../search/reader.ts';
import { expiryCutoff, showRecording } from '../search/recordings.ts';
import { parseInstant } from '../search/times.ts';
import { insertRecording, setRecordingTags } from '../store/recordings.ts';

export const RECORDING_RULES = {
  durationDefault: 300,
  durationMax: 1800,
  scheduleAheadMaxS: 15 * 60,
  rate: 1,
} as const;
const MAX_TAGS = 50;
const MAX_TAG_LENGTH = 100;

export function readTags(r: ParamReader, name = 'tags'): string[] {
  const tags = r.commaList(name) ?? [];
  if (tags.length > MAX_TAGS) throw invalidParameter(name, `At most ${MAX_TAGS} tags.`);
  const long = tags.find((t) => t.length > MAX_TAG_LENGTH);
  if (long !== undefined)
    throw invalidParameter(name, `A tag is at most ${MAX_TAG_LENGTH} characters long.`);
  return tags;
}

function create(s: ServiceContext, ctx: RequestContext) {
  const r = new ParamReader(ctx.params, ['camera_id', 'duration', 'start', 'tags']);
  const cameraId = r.string('camera_id');
  if (cameraId === undefined)
    throw invalidParameter('camera_id', 'camera_id is required: the camera to record.');
  const camera = mediaOf(s).world.camera(cameraId.trim());
  if (!camera)
    throw new ApiError(404, 'not_found', `No camera with id "${cameraId}".`, 'camera_id');
  const duration =
    r.int('duration', { min: 1, max: RECORDING_RULES.durationMax }) ??
    RECORDING_RULES.durationDefault;
  const nowS = s.clock.nowS();
  const startText = r.string('start');
  const start = startText === undefined ? nowS : parseInstant('start', startText, false);
  if (start > nowS + RECORDING_RULES.scheduleAheadMaxS) {
    throw invalidParameter(
      'start',
      `start may be at most 15 minutes in the future (until ${new Date((nowS + 900) * 1000).toISOString()}).`,
    );
  }
  const id = `rec_${randomBytes(9)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '0')
    .slice(0, 12)}`;
  const num = insertRecording(s.world.db, {
    id,
    cameraNum: camera.num,
    status: 'submitted',
    duration,
    rate: RECORDING_RULES.rate,
    start,
    stop: start + duration,
    tags: readTags(r),
    formats: [],
    createdAt: nowS,
  });
  s.world.version++;
  mediaOf(s).jobs.submit(num);
  return { json: { ok: true, recording_id: id }, status: 201 };
}

function download(s: ServiceContext, ctx: RequestContext) {
  requireNoParams(ctx.params, 'a recording download');
  const id = ctx.pathParams['id']!;
  const format = ctx.pathParams['format']!;
  if (!(RECORDING_FORMATS as readonly string[]).includes(format)) {
    throw notFound('recording format', `${id}.${format} (formats are jpg, zip and mp4)`);
  }
  const rec = showRecording(s.world, id, s.clock.nowS());
  if (rec.properties.status !== 'complete') {
    throw new ApiError(
      409,
      'conflict',
      `Recording ${id} is ${rec.properties.status}, not complete: ${rec.properties.status === 'failed' ? 'it has nothing to download' : 'try again after its stop time'}.`,
    );
  }
  if (!rec.properties.formats.includes(format as RecordingFormat))
    throw notFound('recording format', `${id}.${format}`);
  return { redirect: mediaOf(s).signedUrl(ctx.req, `/signed/recordings/${id}.${format}`) };
}

function addTags(s: ServiceContext, ctx: RequestContext) {
  const r = new ParamReader(ctx.params, ['tags']);
  const added = readTags(r);
  if (added.length === 0)
    throw invalidParameter('tags', 'tags is required: an array or a comma-delimited list.');
  const id = ctx.pathParams['id']!;
  const row = s.world.db
    .prepare('SELECT num, tags FROM recordings WHERE id = ? AND created_at > ?')
    .get(id, expiryCutoff(s.clock.nowS())) as { num: number; tags: string } | undefined;
  if (!row) throw notFound('recording', id);
  // Add Tags appends: the old tags stay, duplicates (case-insensitive) are dropped.
  const merged = new Map<string, string>();
  for (const tag of [...(JSON.parse(row.tags) as string[]), ...added])
    if (!merged.has(tag.toLowerCase())) merged.set(tag.toLowerCase(), tag);
  const tags = setRecordingTags(s.world.db, row.num, [...merged.values()]);
  s.world.version++;
  return { json: { ok: true, tags } };
}

export function registerRecordingWriteRoutes(router: Router, s: ServiceContext): void {
  router.post('/v1/recordings', (ctx) => create(s, ctx));
  router.get('/v1/recordings/:id.:format', (ctx) => download(s, ctx));
  router.put('/v1/recordings/:id/tags', (ctx) => addTags(s, ctx));
}
