/**
 * Section 4.4: the recording routes. Search and show, Create, Download and Add Tags, and
 * the signed files downloads redirect to. A new recording is submitted; the recording job
 * (jobs/recording-jobs.ts) completes it once its stop time has passed. Rate: one image per
 * second.
 */
import { RECORDING_FORMATS, type RecordingFormat } from '../../shared/api/index.ts';
import type { ServiceContext } from '../context.ts';
import { RequestError, invalidParameter, notFound } from '../http/errors.ts';
import type { RequestContext, Router } from '../http/router.ts';
import type { FileToSend } from '../media/send-file.ts';
import { mediaOf, type MediaServices } from '../media/services.ts';
import { requireNoParams } from '../search/common.ts';
import { ParamReader } from '../search/reader.ts';
import { expiryCutoff, searchRecordings, showRecording } from '../search/recordings.ts';
import { parseInstant } from '../search/times.ts';
import { insertRecording, setRecordingTags } from '../store/recordings.ts';
import { registerSearch, registerShow } from './search-and-show.ts';
import { signedFile } from './signed.ts';
import { newRecordId, readTags } from './records.ts';

export const RECORDING_RULES = {
  durationDefault: 300,
  durationMax: 1800,
  scheduleAheadMaxS: 15 * 60,
  rate: 1,
} as const;
const FILE_TYPES: Record<RecordingFormat, string> = {
  jpg: 'image/jpeg',
  zip: 'application/zip',
  mp4: 'video/mp4',
};

function create(s: ServiceContext, ctx: RequestContext) {
  const r = new ParamReader(ctx.params, ['camera_id', 'duration', 'start', 'tags']);
  const cameraId = r.string('camera_id');
  if (cameraId === undefined)
    throw invalidParameter('camera_id', 'camera_id is required: the camera to record.');
  const camera = mediaOf(s).world.camera(cameraId.trim());
  if (!camera)
    throw new RequestError(404, 'not_found', `No camera with id "${cameraId}".`, 'camera_id');
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
  const id = newRecordId('rec');
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
    throw new RequestError(
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

/** The built file of a complete, unexpired recording, /signed/recordings/:id.:format. */
async function recordingFile(
  s: ServiceContext,
  m: MediaServices,
  ctx: RequestContext,
): Promise<FileToSend> {
  const id = ctx.pathParams['id']!;
  const format = ctx.pathParams['format'] as RecordingFormat;
  const row = s.world.db
    .prepare(
      "SELECT formats FROM recordings WHERE id = ? AND created_at > ? AND status = 'complete'",
    )
    .get(id, expiryCutoff(s.clock.nowS())) as { formats: string } | undefined;
  if (!row || !(JSON.parse(row.formats) as string[]).includes(format))
    throw notFound('recording file', `${id}.${format}`);
  return {
    path: await m.jobs.file(id, format),
    contentType: FILE_TYPES[format],
    downloadName: `${id}.${format}`,
  };
}

export function registerRecordingEndpoints(router: Router, s: ServiceContext): void {
  registerSearch(router, s, '/v1/recordings', searchRecordings);
  registerShow(router, s, '/v1/recordings', 'recording', showRecording);
  router.post('/v1/recordings', (ctx) => create(s, ctx));
  router.get('/v1/recordings/:id.:format', (ctx) => download(s, ctx));
  router.put('/v1/recordings/:id/tags', (ctx) => addTags(s, ctx));
}

/** The signed recording files (also served alone by the signed files' own host). */
export function registerRecordingFiles(router: Router, s: ServiceContext): void {
  router.get(
    '/signed/recordings/:id.:format',
    signedFile(s, (m, ctx) => recordingFile(s, m, ctx)),
    { auth: false },
  );
}
