/**
 * Section 4.2: the observation routes. Search and show, an observation's preview frame,
 * the vector tile of current observations and the worldwide snapshots.
 */
import type { ServiceContext } from '../../context.ts';
import type { RequestContext, Router } from '../../http/router.ts';
import { signedFramePath } from '../../media/image-names.ts';
import { mediaOf } from '../../media/services.ts';
import { requireNoParams } from '../../search/common.ts';
import { searchObservations, showObservation } from '../../search/observations.ts';
import { flatObservation } from '../../variants/shapes.ts';
import { registerSearch, registerShow } from '../search-and-show.ts';
import { snapshotHandler } from '../snapshots.ts';
import { OBSERVATION_SNAPSHOTS } from './snapshot.ts';
import { observationTile } from './tile.ts';

export function registerObservationEndpoints(router: Router, s: ServiceContext): void {
  registerSearch(router, s, '/v1/observations', (world, params) =>
    searchObservations(world, params),
  );
  registerShow(router, s, '/v1/observations', 'observation', (world, id) =>
    s.variant.observationShow === 'flat'
      ? flatObservation(showObservation(world, id))
      : showObservation(world, id),
  );
  router.get('/v1/observations/:id/preview', (ctx) => preview(s, ctx));
  router.get('/v1/observations/:z/:x/:y.mvt', (ctx) => observationTile(s, ctx));
  router.get('/v1/observations/_all/:time.json', snapshotHandler(s, OBSERVATION_SNAPSHOTS));
}

/** Section 4.2 Preview: a redirect to the signed frame of the observation's camera and time. */
function preview(s: ServiceContext, ctx: RequestContext) {
  const m = mediaOf(s);
  requireNoParams(ctx.params, 'an observation preview');
  const obs = showObservation(s.world, ctx.pathParams['id']!);
  const t = Date.parse(obs.properties.time ?? '') / 1000; // our own records have a time
  return { redirect: m.signedUrl(ctx.req, signedFramePath(obs.properties.camera_id, t * 1000)) };
}
