/**
 * The routes of issue 4 (imagery, live video, signed downloads, recording and collection
 * changes, tiles, snapshots, test controls), registered in one call from routes/index.ts.
 */
import type { ServiceContext } from '../context.ts';
import type { Router } from '../http/router.ts';
import { registerAdminMediaRoutes } from './admin-media.ts';
import { registerCameraMediaRoutes } from './camera-media.ts';
import { registerCollectionWriteRoutes } from './collections-write.ts';
import { registerRecordingWriteRoutes } from './recordings-write.ts';
import { registerSignedRoutes } from './signed.ts';
import { registerSnapshotRoutes } from './snapshots.ts';
import { registerTileRoutes } from './tiles.ts';

export function registerMediaRoutes(router: Router, s: ServiceContext): void {
  registerCameraMediaRoutes(router, s);
  registerSignedRoutes(router, s);
  registerRecordingWriteRoutes(router, s);
  registerCollectionWriteRoutes(router, s);
  registerTileRoutes(router, s);
  registerSnapshotRoutes(router, s);
  if (s.admin) registerAdminMediaRoutes(router, s);
}
