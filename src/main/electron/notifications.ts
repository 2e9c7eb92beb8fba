import { Notification } from 'electron';
import type { Core } from '../core.ts';

/**
 * Desktop notifications: new alerts in watched areas (a click opens the Alerts view), and
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
}
