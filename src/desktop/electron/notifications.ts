import { Notification } from 'electron';
import type { Core } from '../../engine/index.ts';
import { batchFinishedSaid } from '../../shared/batch-finished.ts';
import { changeSensor, type ChangeKind } from '../../shared/condition-changes.ts';
import type { MessageKey, Translator } from '../../shared/i18n/translator.ts';
import { sensorWord } from '../../shared/sensors.ts';
import { shellWords } from './language.ts';

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
 * Desktop notifications, in the shell's language when each is shown: new alerts in watched areas
 * (a click opens the Alerts view), changed road conditions of a condition watch (a click shows
 * the change, before and after), and download batches that finished (a click opens Downloads at
 * that batch). The service's text (an alert's event and headline, a place) stays as it is.
 */
export function notifyUser(core: Core, openRoute: (route: string) => void): void {
  if (!Notification.isSupported()) return;
  const words = () => shellWords.words();
  core.hub.on('downloads.batchFinished', (finished) => {
    const said = batchFinishedSaid(finished);
    // The finished batch itself: Downloads scrolls to it and marks it (DownloadsView.svelte).
    showNotification({ title: words().say(said.title), body: words().say(said.body) }, () =>
      openRoute(`/downloads?batch=${finished.batchId}`),
    );
  });
  core.hub.on('alerts.watchedNew', ({ areaName, alerts }) => {
    const first = alerts[0];
    if (!first) return;
    const t = words();
    showNotification(
      {
        title: t.t('desktop.notify.alertTitle', { event: first.event, area: areaName }),
        body: t.t('desktop.notify.alertBody', {
          headline: first.headline,
          more: alerts.length - 1,
        }),
      },
      () => openRoute('/alerts'),
    );
  });
  core.hub.on('conditions.changed', ({ watchId, watchName, changes }) => {
    const first = changes[0];
    if (!first) return;
    const t = words();
    const value = (v: number) => valueWords(t, first.kind, v);
    showNotification(
      {
        title: t.t('desktop.notify.changeTitle', {
          change: t.t(CHANGE_WORDS[first.kind]),
          watch: watchName,
        }),
        body: t.t('desktop.notify.changeBody', {
          place: first.place,
          before: value(first.before),
          after: value(first.after),
          more: changes.length - 1,
        }),
      },
      () => openRoute(`/alerts/conditions/${watchId}/${first.id}`),
    );
  });
}

const CHANGE_WORDS: Readonly<Record<ChangeKind, MessageKey>> = {
  snow: 'desktop.change.snow',
  ponding: 'sensor.road_weather.ponding',
  'poor-visibility': 'desktop.change.poorVisibility',
  'heavy-precip': 'sensor.precip.heavy',
};

/** A sensor value in words ("Partial snow"), or the number when the table has no such value. */
function valueWords(words: Translator, kind: ChangeKind, value: number): string {
  const key = sensorWord(changeSensor(kind), value);
  return key ? words.t(key) : String(value);
}
