/** Section 4.3: cameras (index and show; imagery and video routes come with issue 4). */
import type { ServiceContext } from '../context.ts';
import type { Router } from '../http/router.ts';
import { searchCameras, showCamera } from '../search/cameras.ts';
import { registerSearch, registerShow } from './search-routes.ts';

export function registerCameraRoutes(router: Router, s: ServiceContext): void {
  registerSearch(router, s, '/v1/cameras', (world, params) => searchCameras(world, params));
  registerShow(router, s, '/v1/cameras', 'camera', (world, id) => showCamera(world, id));
}
