/**
 * Targets of the signed redirects (spec 1.3, 5.8): served without the service's
 * authorization, refused with 403 when the signature does not match or has expired. Files
 * are served with HEAD, Range, Content-Length and ETag; injected faults act here.
 */
import type { RequestListener } from 'node:http';
import { join } from 'node:path';
import type { RecordingFormat } from '../../shared/api/index.ts';
import type { ServiceContext } from '../context.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { createHttpServer } from '../http/server.ts';
import { Router, type Handler, type RequestContext } from '../http/router.ts';
import { parseFrameName } from '../media/image-names.ts';
import { sendFile, type FileToSend } from '../media/send-file.ts';
import { mediaOf, type MediaServices } from '../media/services.ts';
import { expiryCutoff } from '../search/recordings.ts';
import { cameraOr404 } from './camera-media.ts';

const RECORDING_TYPES: Record<RecordingFormat, string> = {
  jpg: 'image/jpeg',
  zip: 'application/zip',
  mp4: 'video/mp4',
};
const SAFE_FILE = /^[A-Za-z0-9_-]+\.(jpg|json)$/;

function verified(s: ServiceContext, ctx: RequestContext): void {
  const query = new URLSearchParams();
  for (const name of ['expires', 'signature']) {
    const v = ctx.query[name];
    if (typeof v === 'string') query.set(name, v);
  }
  const check = mediaOf(s).signer.verify(ctx.path, query, s.clock.nowS());
  if (!check.ok) throw new ApiError(403, 'forbidden', check.message);
}

async function frame(m: MediaServices, ctx: RequestContext): Promise<FileToSend> {
  const cameraId = ctx.pathParams['camera']!;
  const file = ctx.pathParams['file']!;
  const png = file.endsWith('.png');
  const parsed = parseFrameName(`${cameraId}_${file.replace(/\.png$/, '.jpg')}`);
  if (!parsed) throw notFound('frame', file);
  const camera = cameraOr404(m, cameraId);
  return {
    path: await m.frameFile(camera, parsed.tMs, png ? 'png' : 'jpeg'),
    contentType: png ? 'image/png' : 'image/jpeg',
  };
}

async function recording(
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
    contentType: RECORDING_TYPES[format],
    downloadName: `${id}.${format}`,
  };
}

function stored(m: MediaServices, folder: string, file: string, contentType: string): FileToSend {
  if (!SAFE_FILE.test(file)) throw notFound('file', file);
  return { path: join(m.dir, folder, file), contentType };
}

/** Wraps a resolver: signature first, then faults, then the file with resumable semantics. */
function serve(
  s: ServiceContext,
  resolve: (m: MediaServices, ctx: RequestContext) => Promise<FileToSend> | FileToSend,
): Handler {
  return async (ctx) => {
    const m = mediaOf(s);
    const elsewhere = m.signedRequest(ctx.req);
    if (elsewhere) throw new ApiError(404, 'not_found', elsewhere.refused);
    verified(s, ctx);
    const file = await resolve(m, ctx);
    const fault = m.faults.take(ctx.path);
    if (fault?.kind === '503') {
      throw new ApiError(
        503,
        'unavailable',
        'The download is temporarily unavailable (injected fault): retry shortly.',
        undefined,
        { 'Retry-After': '1' },
      );
    }
    try {
      await sendFile(ctx.req, ctx.res, file, fault);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw notFound('file', ctx.path);
      throw e;
    }
    return { handled: true };
  };
}

/**
 * The request listener of the signed files' own host (variant signedHost 'cdn'): the signed
 * routes alone, answered by the service's HTTP front (a server made for its listener only,
 * never listening itself), so that answers and errors are the service's.
 */
export function signedFilesListener(s: ServiceContext): RequestListener {
  const router = new Router();
  registerSignedRoutes(router, s);
  const front = createHttpServer(router, s);
  return (req, res) => front.emit('request', req, res);
}

export function registerSignedRoutes(router: Router, s: ServiceContext): void {
  const open = { auth: false };
  router.get('/signed/frames/:camera/:file', serve(s, frame), open);
  router.get(
    '/signed/recordings/:id.:format',
    serve(s, (m, ctx) => recording(s, m, ctx)),
    open,
  );
  router.get(
    '/signed/sheets/:file',
    serve(s, (m, ctx) => stored(m, 'sheets', ctx.pathParams['file']!, 'image/jpeg')),
    open,
  );
  router.get(
    '/signed/snapshots/:kind/:file',
    serve(s, (m, ctx) => {
      const kind = ctx.pathParams['kind']!;
      if (kind !== 'observations' && kind !== 'alerts') throw notFound('snapshot', kind);
      return stored(m, join('snapshots', kind), ctx.pathParams['file']!, 'application/json');
    }),
    open,
  );
}
