import { Notification } from 'electron';
import { changeLabel, changeWords } from '../../shared/condition-changes.ts';
import type { Core } from '../core.ts';

/**
 * Desktop notifications: new alerts in watched areas (a click opens the Alerts view), changed
 * road conditions of a condition watch (a click shows the change, before and after), and
 * download batches that finished (a click opens Downloads at that batch).
 */
export function notifyUser(core: Core, openRoute: (route: string) => void): void {
  if (!Notification.isSupported()) return;
  core.hub.on('downloads.batchFinished', ({ batchId, title, body }) => {
    const notification = new Notification({ title, body });
    // The finished batch itself: Downloads scrolls to it and marks it (DownloadsView.svelte).
    notification.on('click', () => openRoute(`/downloads?batch=${batchId}`));
    notification.show();
  });
  core.hub.on('alerts.watchedNew', ({ areaName, alerts }) => {
    const first = alerts[0];
    if (!first) return;
    const more = alerts.length > 1 ? ` and ${alerts.length - 1} more` : '';
    const notification = new Notification({
      title: `${first.event} in ${areaName}`,
      body: `${first.headline}${more}`,
    });
    notification.on('click', () => openRoute('/alerts'));
    notification.show();
  });
  core.hub.on('conditions.changed', ({ watchId, watchName, changes }) => {
    const first = changes[0];
    if (!first) return;
    const more = changes.length > 1 ? `, and ${changes.length - 1} more change(s)` : '';
    const notification = new Notification({
      title: `${changeLabel(first.kind)} on ${watchName}`,
      body: `${first.place}: ${changeWords(first.kind, first.before, first.after)}${more}`,
    });
    notification.on('click', () => openRoute(`/alerts/conditions/${watchId}/${first.id}`));
    notification.show();
  });
}
