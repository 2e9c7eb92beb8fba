/**
 * Section 4.2 and 4.5 All: worldwide snapshots per ten-minute mark, :time written
 * yyyyddmmThhmmZ (day before month, as the document says). A mark is available once it is
 * ten minutes old and while the world's history holds it. The JSON file is written once and
 * served from a signed URL. What a snapshot holds is its resource's: observations/snapshot.ts
 * and alerts.ts.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ServiceContext } from '../context.ts';
import { RequestError, invalidParameter, notFound } from '../http/errors.ts';
import type { Handler, Router } from '../http/router.ts';
import { mediaOf } from '../media/services.ts';
import { requireNoParams } from '../search/common.ts';
import { isoFromSeconds } from '../search/times.ts';
import { signedFile, storedFile } from './signed.ts';

export interface SnapshotKind {
  name: 'observations' | 'alerts';
  /** Snapshots that carry URLs on the host that asked are written once per host. */
  perHost: boolean;
  /** The snapshot's body at mark t (epoch seconds); base is the asking host's URL. */
  build(s: ServiceContext, t: number, base: string): object;
}

const SLOT_S = 600;
const TIME = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})Z$/;

export function parseSnapshotTime(text: string): number {
  const m = TIME.exec(text);
  const [y, d, mo, h, mi] = m ? m.slice(1).map(Number) : [];
  const ms = m ? Date.UTC(y!, mo! - 1, d!, h!, mi!) : NaN;
  const back = new Date(ms);
  if (!m || back.getUTCDate() !== d || back.getUTCMonth() !== mo! - 1 || h! > 23 || mi! > 59) {
    throw invalidParameter(
      'time',
      `time must be a UTC time written yyyyddmmThhmmZ (day before month), e.g. 20262111T1200Z; got "${text}".`,
    );
  }
  return ms / 1000;
}

function checkAvailable(s: ServiceContext, t: number, text: string): void {
  const nowS = s.clock.nowS();
  const unavailable = (why: string): RequestError =>
    new RequestError(404, 'not_found', `No snapshot for ${text}: ${why}`, 'time');
  if (t % SLOT_S !== 0)
    throw unavailable('snapshots exist for ten-minute marks only (minutes 00, 10, 20, ...).');
  if (t + SLOT_S > nowS) {
    throw unavailable(
      `a mark becomes available 10 minutes after it, at ${isoFromSeconds(t + SLOT_S)} for this one.`,
    );
  }
  const first = mediaOf(s).world.archiveStart();
  if (t < first) throw unavailable(`the service keeps snapshots from ${isoFromSeconds(first)} on.`);
}

export function snapshotHandler(s: ServiceContext, kind: SnapshotKind): Handler {
  return async (ctx) => {
    requireNoParams(ctx.params, 'a snapshot');
    const text = ctx.pathParams['time']!;
    const t = parseSnapshotTime(text);
    checkAvailable(s, t, text);
    const m = mediaOf(s);
    const given = ctx.req.headers.host;
    const host = given && /^[\w.:[\]-]+$/.test(given) ? given : '127.0.0.1';
    const base = `${s.scheme}://${host}`;
    const suffix = kind.perHost
      ? `-${createHash('sha256').update(base).digest('hex').slice(0, 8)}`
      : '';
    const file = `${text}${suffix}.json`;
    const dir = join(m.dir, 'snapshots', kind.name);
    const path = join(dir, file);
    if (!existsSync(path)) {
      const body = kind.build(s, t, base);
      await mkdir(dir, { recursive: true });
      await writeFile(`${path}.tmp`, JSON.stringify(body));
      await rename(`${path}.tmp`, path);
    }
    return { redirect: m.signedUrl(ctx.req, `/signed/snapshots/${kind.name}/${file}`) };
  };
}

export function registerSnapshotFiles(router: Router, s: ServiceContext): void {
  router.get(
    '/signed/snapshots/:kind/:file',
    signedFile(s, (m, ctx) => {
      const kind = ctx.pathParams['kind']!;
      if (kind !== 'observations' && kind !== 'alerts') throw notFound('snapshot', kind);
      return storedFile(m, join('snapshots', kind), ctx.pathParams['file']!, 'application/json');
    }),
    { auth: false },
  );
}
