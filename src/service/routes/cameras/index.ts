/**
 * Section 4.3: the camera routes. Search and show, the vector tile, the live image and
 * video, the media cache's images, and the signed frame files they redirect to.
 */
import type { ServiceContext } from '../../context.ts';
import type { Router } from '../../http/router.ts';
import { searchCameras, showCamera } from '../../search/cameras.ts';
import { registerSearch, registerShow } from '../search-and-show.ts';
import { signedFile } from '../signed.ts';
import { frameFile, listImageTimes, showArchivedImage } from './images.ts';
import { liveFile, liveImage } from './live.ts';
import { cameraTile } from './tile.ts';

export function registerCameraEndpoints(router: Router, s: ServiceContext): void {
  registerSearch(router, s, '/v1/cameras', (world, params) => searchCameras(world, params));
  registerShow(router, s, '/v1/cameras', 'camera', (world, id) => showCamera(world, id));
  // Before the tile: /v1/cameras/:id/live/:file and /v1/cameras/:z/:x/:y.mvt are equally
  // specific, and the router takes the first registered of a tie.
  router.get('/v1/cameras/:id/live', (ctx) => liveImage(s, ctx));
  router.get('/v1/cameras/:id/live/:file', (ctx) => liveFile(s, ctx));
  router.get('/v1/cameras/:id/images', (ctx) => listImageTimes(s, ctx));
  router.get('/v1/cameras/:id/images/:time', (ctx) => showArchivedImage(s, ctx));
  router.get('/v1/cameras/:z/:x/:y.mvt', (ctx) => cameraTile(s, ctx));
}

/** The signed frame files (also served alone by the signed files' own host). */
export function registerCameraFiles(router: Router, s: ServiceContext): void {
  router.get('/signed/frames/:camera/:file', signedFile(s, frameFile), { auth: false });
}
