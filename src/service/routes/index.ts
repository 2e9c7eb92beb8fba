/**
 * Every route of the service, one registration function per resource (a resource's file or
 * folder holds all of its routes: search, show, changes, media and signed files). Shared
 * mechanisms sit beside them: search-and-show.ts, signed.ts, snapshots.ts, tiles.ts.
 */
import type { RequestListener } from 'node:http';
import type { ServiceContext } from '../context.ts';
import { Router } from '../http/router.ts';
import { createHttpServer } from '../http/server.ts';
import { registerAdminEndpoints } from './admin.ts';
import { registerAlertEndpoints } from './alerts.ts';
import { registerAuthEndpoints } from './auth.ts';
import { registerCameraFiles, registerCameraEndpoints } from './cameras/index.ts';
import { registerCollectionFiles, registerCollectionEndpoints } from './collections/index.ts';
import { registerObservationEndpoints } from './observations/index.ts';
import { registerRecordingFiles, registerRecordingEndpoints } from './recordings.ts';
import { registerSnapshotFiles } from './snapshots.ts';

export function createRouter(s: ServiceContext): Router {
  const router = new Router();
  registerAuthEndpoints(router, s);
  registerObservationEndpoints(router, s);
  registerCameraEndpoints(router, s);
  registerRecordingEndpoints(router, s);
  registerAlertEndpoints(router, s);
  registerCollectionEndpoints(router, s);
  registerSignedFiles(router, s);
  if (s.admin) registerAdminEndpoints(router, s);
  return router;
}

/** The targets of the signed redirects, each resource's own, fetched without a token. */
function registerSignedFiles(router: Router, s: ServiceContext): void {
  registerCameraFiles(router, s);
  registerRecordingFiles(router, s);
  registerCollectionFiles(router, s);
  registerSnapshotFiles(router, s);
}

/**
 * The request listener of the signed files' own host (variant signedHost 'cdn'): the signed
 * routes alone, answered by the service's HTTP front (a server made for its listener only,
 * never listening itself), so that answers and errors are the service's.
 */
export function signedFilesListener(s: ServiceContext): RequestListener {
  const router = new Router();
  registerSignedFiles(router, s);
  const front = createHttpServer(router, s);
  return (req, res) => front.emit('request', req, res);
}
