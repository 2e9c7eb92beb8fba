/** Section 4.5: the alert routes. Search, show and the worldwide snapshots of alerts in force. */
import type { Alert } from '../../shared/api/index.ts';
import type { ServiceContext } from '../context.ts';
import type { ParamBag } from '../http/params.ts';
import type { Router } from '../http/router.ts';
import { searchAlerts, showAlert } from '../search/alerts.ts';
import { registerSearch, registerShow } from './search-and-show.ts';
import { snapshotHandler, type SnapshotKind } from './snapshots.ts';

export function registerAlertEndpoints(router: Router, s: ServiceContext): void {
  const max = s.variant.alertLimitMax;
  registerSearch(router, s, '/v1/alerts', searchAlerts, max === null ? undefined : clampLimit(max));
  registerShow(router, s, '/v1/alerts', 'alert', (world, id) => showAlert(world, id));
  router.get('/v1/alerts/_all/:time.json', snapshotHandler(s, ALERT_SNAPSHOTS));
}

/** Alerts in force at t: effective at or before it, expiring after it. */
function alertsAt(s: ServiceContext, t: number): object {
  const ids = s.world.db
    .prepare('SELECT id FROM alerts WHERE effective <= ? AND expires > ? ORDER BY id')
    .pluck()
    .all(t, t) as string[];
  const features: Alert[] = ids.map((id) => showAlert(s.world, id));
  return { type: 'FeatureCollection', features };
}

const ALERT_SNAPSHOTS: SnapshotKind = { name: 'alerts', perHost: false, build: alertsAt };

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
