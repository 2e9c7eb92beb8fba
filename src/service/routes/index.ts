/**
 * Every route of the service, one registration function per resource group. Later groups
 * (imagery, HLS, downloads, collection changes, tiles, snapshots) add their file here.
 */
import type { ServiceContext } from '../context.ts';
import { Router } from '../http/router.ts';
import { registerAdminRoutes } from './admin.ts';
import { registerAuthRoutes } from './auth.ts';
import { registerAlertRoutes } from './alerts.ts';
import { registerCameraRoutes } from './cameras.ts';
import { registerMediaRoutes } from './media-routes.ts';
import { registerCollectionRoutes } from './collections.ts';
import { registerObservationRoutes } from './observations.ts';
import { registerRecordingRoutes } from './recordings.ts';

export function createRouter(s: ServiceContext): Router {
  const router = new Router();
  registerAuthRoutes(router, s);
  registerObservationRoutes(router, s);
  registerCameraRoutes(router, s);
  registerRecordingRoutes(router, s);
  registerAlertRoutes(router, s);
  registerCollectionRoutes(router, s);
  registerMediaRoutes(router, s);
  if (s.admin) registerAdminRoutes(router, s);
  return router;
}
