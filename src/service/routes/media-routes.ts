/**
 * The routes of issue 4 (imagery, live video, signed downloads, recording and collection
 * changes, tiles, snapshots, test controls), registered in one call from routes/index.ts.
 */
import type { ServiceContext } from '../context.ts';
import type { Router } from '../http/router.ts';
import { registerCameraMediaRoutes } from './camera-media.ts';
import { registerSignedRoutes } from './signed.ts';

export function registerMediaRoutes(router: Router, s: ServiceContext): void {
  registerCameraMediaRoutes(router, s);
  registerSignedRoutes(router, s);
}
