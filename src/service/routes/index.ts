/**
 * Every route of the service, one registration function per resource (a resource's file or
 * folder holds all of its routes: search, show, changes, media and signed files). Shared
 * mechanisms sit beside them: search-and-show.ts, signed.ts, snapshots.ts, tiles.ts.
 */
import type { RequestListener } from 'node:http';
import type { ServiceContext } from '../context.ts';
import { Router } from '../http/router.ts';
import { createHttpServer } from '../http/server.ts';
import { registerAdminRoutes } from './admin.ts';
import { registerAlertRoutes } from './alerts.ts';
import { registerAuthRoutes } from './auth.ts';
import { registerCameraFiles, registerCameraRoutes } from './cameras/index.ts';
import { registerCollectionFiles, registerCollectionRoutes } from './collections/index.ts';
import { registerObservationRoutes } from './observations/index.ts';
import { registerRecordingFiles, registerRecordingRoutes } from './recordings.ts';
import { registerSnapshotFiles } from './snapshots.ts';

export function createRouter(s: ServiceContext): Router {
  const router = new Router();
  registerAuthRoutes(router, s);
  registerObservationRoutes(router, s);
  registerCameraRoutes(router, s);
  registerRecordingRoutes(router, s);
  registerAlertRoutes(router, s);
  registerCollectionRoutes(router, s);
  registerSignedFiles(router, s);
  if (s.admin) registerAdminRoutes(router, s);
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
