/**
 * A search worker (pool.ts): its own read-only connection to the service database, so that
 * searches run on every core while the main thread serves HTTP and writes. WAL lets readers
 * and the writer work at once; each search sees the data committed when it starts.
 */
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { haversineMeters } from '../../shared/geo.ts';
import { RequestError } from '../http/errors.ts';
import type { ParamBag, ParamValue } from '../http/params.ts';
import { StatementCache } from '../store/db.ts';
import type { CameraPoint } from '../world/observations.ts';
import type { SearchStore } from './common.ts';
import { SEARCHES } from './registry.ts';
import type { SearchReply, SearchJob } from './pool.ts';

const db = new Database((workerData as { file: string }).file, { fileMustExist: true });
db.pragma('query_only = ON');
db.pragma('cache_size = -32768');
db.pragma('temp_store = MEMORY');
db.pragma('mmap_size = 268435456');
db.function('distance_m', { deterministic: true }, (lon1, lat1, lon2, lat2) =>
  haversineMeters([lon1 as number, lat1 as number], [lon2 as number, lat2 as number]),
);

let points: CameraPoint[] | undefined;
const store: SearchStore = {
  statements: new StatementCache(db),
  // Cameras never change once the world is built.
  cameraPoints: () =>
    (points ??= db
      .prepare('SELECT num, idx AS "index", lon, lat FROM cameras ORDER BY num')
      .all() as CameraPoint[]),
};

/** Structured clone gives plain objects: bags are prototype-less again, as the parser makes them. */
function toBag(v: ParamValue): ParamValue {
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.map(toBag);
  const bag = Object.create(null) as ParamBag;
  for (const [k, x] of Object.entries(v)) bag[k] = toBag(x);
  return bag;
}

parentPort!.on('message', (m: SearchJob) => {
  let reply: SearchReply;
  try {
    const search = SEARCHES[m.base];
    if (!search) throw new Error(`no search at ${m.base}`);
    reply = { id: m.id, text: JSON.stringify(search(store, toBag(m.params) as ParamBag, m.nowS)) };
  } catch (e) {
    reply =
      e instanceof RequestError
        ? {
            id: m.id,
            apiError: [e.status, e.code, e.message, e.parameter, e.headers],
          }
        : { id: m.id, failure: e instanceof Error ? (e.stack ?? e.message) : String(e) };
  }
  parentPort!.postMessage(reply);
});
