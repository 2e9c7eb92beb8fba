/** Section 4.5: alert search and show (the _all snapshots come with issue 4). */
import type { ServiceContext } from '../context.ts';
import type { Router } from '../http/router.ts';
import { searchAlerts, showAlert } from '../search/alerts.ts';
import { registerSearch, registerShow } from './search-routes.ts';

export function registerAlertRoutes(router: Router, s: ServiceContext): void {
  registerSearch(router, s, '/v1/alerts', searchAlerts);
  registerShow(router, s, '/v1/alerts', 'alert', (world, id) => showAlert(world, id));
}
