/** Section 4.5: alert search and show (the _all snapshots come with issue 4). */
import type { ServiceContext } from '../context.ts';
import type { ParamBag } from '../http/params.ts';
import type { Router } from '../http/router.ts';
import { searchAlerts, showAlert } from '../search/alerts.ts';
import { registerSearch, registerShow } from './search-routes.ts';

export function registerAlertRoutes(router: Router, s: ServiceContext): void {
  const max = s.variant.alertLimitMax;
  registerSearch(router, s, '/v1/alerts', searchAlerts, max === null ? undefined : clampLimit(max));
  registerShow(router, s, '/v1/alerts', 'alert', (world, id) => showAlert(world, id));
}

/**
 * The maximum limit of alert search is not shown: a variant lowers any larger limit to `max`
 * without a word, and its envelope says limit `max` (the page holds fewer features than asked).
 */
function clampLimit(max: number): (params: ParamBag) => ParamBag {
  return (params) => {
    const limit = params['limit'];
    if (typeof limit !== 'string' || !/^\s*\+?\d+\s*$/.test(limit) || Number(limit) <= max) {
      return params;
    }
    return Object.assign(Object.create(null) as ParamBag, params, { limit: String(max) });
  };
}
