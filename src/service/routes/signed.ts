/**
 * Targets of the signed redirects (interface 1.3, 5.8): served without the service's
 * authorization, refused with 403 when the signature does not match or has expired. Files
 * are served with HEAD, Range, Content-Length and ETag; injected faults act here. Which
 * file a path names is its resource's (cameras/images.ts, recordings.ts, collections/,
 * snapshots.ts); routes/index.ts lists them.
 */
import { join } from 'node:path';
import type { ServiceContext } from '../context.ts';
import { RequestError, notFound } from '../http/errors.ts';
import type { Handler, RequestContext } from '../http/router.ts';
import { sendFile, type FileToSend } from '../media/send-file.ts';
import { mediaOf, type MediaServices } from '../media/services.ts';

const SAFE_FILE = /^[A-Za-z0-9_-]+\.(jpg|json)$/;

function verified(s: ServiceContext, ctx: RequestContext): void {
  const query = new URLSearchParams();
  for (const name of ['expires', 'signature']) {
    const v = ctx.query[name];
    if (typeof v === 'string') query.set(name, v);
  }
  const check = mediaOf(s).signer.verify(ctx.path, query, s.clock.nowS());
  if (!check.ok) throw new RequestError(403, 'forbidden', check.message);
}

/** A file the service wrote under its media folder (a contact sheet, a snapshot). */
export function storedFile(
  m: MediaServices,
  folder: string,
  file: string,
  contentType: string,
): FileToSend {
  if (!SAFE_FILE.test(file)) throw notFound('file', file);
  return { path: join(m.dir, folder, file), contentType };
}

/**
 * The handler of a signed file route: signature first, then faults, then the file with
 * resumable semantics. Register it with { auth: false }: the signature is the credential.
 */
export function signedFile(
  s: ServiceContext,
  resolve: (m: MediaServices, ctx: RequestContext) => Promise<FileToSend> | FileToSend,
): Handler {
  return async (ctx) => {
    const m = mediaOf(s);
    const elsewhere = m.signedRequest(ctx.req);
    if (elsewhere) throw new RequestError(404, 'not_found', elsewhere.refused);
    verified(s, ctx);
    const file = await resolve(m, ctx);
    const fault = m.faults.take(ctx.path);
    if (fault?.kind === '503') {
      throw new RequestError(
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
