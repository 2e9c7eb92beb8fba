import { Notification } from 'electron';
import { changeLabel, changeWords } from '../../shared/condition-changes.ts';
import type { Core } from '../../engine/index.ts';

export interface NotificationText {
  title: string;
  body: string;
}

/**
 * Text as the platform shows it. Linux notification servers read a body as markup (libnotify:
 * <b>, <a href>, &amp;), and the service's text (alert headlines, camera names, batch titles)
 * may hold any of it: there the body's & < > " ' are escaped. The title is plain text by the
 * notification specification, so it is left as it is (escaped, it would show "&amp;").
 */
export function platformText(
  text: NotificationText,
  platform = process.platform,
): NotificationText {
  if (platform !== 'linux') return text;
  return { title: text.title, body: text.body.replace(/[&<>"']/g, (c) => markupEntities[c]!) };
}

const markupEntities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Shows a notification whose click runs `onClick`; false where the system has none. */
export function showNotification(text: NotificationText, onClick: () => void): boolean {
  if (!Notification.isSupported()) return false;
  const notification = new Notification(platformText(text));
  notification.on('click', onClick);
  notification.show();
  return true;
}

/**
 * Desktop notifications: new alerts in watched areas (a click opens the Alerts view), changed
 * road conditions of a condition watch (a click shows the change, before and after), and
 * download batches that finished (a click opens Downloads at that batch).
 */
export function notifyUser(core: Core, openRoute: (route: string) => void): void {
  if (!Notification.isSupported()) return;
  core.hub.on('downloads.batchFinished', ({ batchId, title, body }) => {
    // The finished batch itself: Downloads scrolls to it and marks it (DownloadsView.svelte).
    showNotification({ title, body }, () => openRoute(`/downloads?batch=${batchId}`));
  });
  core.hub.on('alerts.watchedNew', ({ areaName, alerts }) => {
    const first = alerts[0];
    if (!first) return;
    const more = alerts.length > 1 ? ` and ${alerts.length - 1} more` : '';
    showNotification(
      { title: `${first.event} in ${areaName}`, body: `${first.headline}${more}` },
      () => openRoute('/alerts'),
    );
  });
  core.hub.on('conditions.changed', ({ watchId, watchName, changes }) => {
    const first = changes[0];
    if (!first) return;
    const more = changes.length > 1 ? `, and ${changes.length - 1} more change(s)` : '';
    showNotification(
      {
        title: `${changeLabel(first.kind)} on ${watchName}`,
        body: `${first.place}: ${changeWords(first.kind, first.before, first.after)}${more}`,
      },
      () => openRoute(`/alerts/conditions/${watchId}/${first.id}`),
    );
  });
}
