/** Section 4.2: observation search and show (tiles, snapshots and previews come with issue 4). */
import type { ServiceContext } from '../context.ts';
import type { Router } from '../http/router.ts';
import { searchObservations, showObservation } from '../search/observations.ts';
import { flatObservation } from '../variants/shapes.ts';
import { registerSearch, registerShow } from './search-routes.ts';

export function registerObservationRoutes(router: Router, s: ServiceContext): void {
  registerSearch(router, s, '/v1/observations', (world, params) =>
    searchObservations(world, params),
  );
  registerShow(router, s, '/v1/observations', 'observation', (world, id) =>
    s.variant.observationShow === 'flat'
      ? flatObservation(showObservation(world, id))
      : showObservation(world, id),
  );
}
