/**
 * The desktop notifications of alerts and condition changes, on the main process's real event
 * bus (the events themselves come from watches tested in tests/unit/alerts and conditions):
 * their words, their click, and the service's text escaped where Linux reads markup.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../src/engine/core.ts';
import { notifyUser, platformText } from '../../../src/desktop/electron/notifications.ts';
import { EventHub } from '../../../src/engine/events.ts';
import * as electron from '../../helpers/electron/control.ts';

const hostile = 'Flood <a href="https://evil.example">watch</a> & "more"';

function notifying() {
  const hub = new EventHub();
  const routes: string[] = [];
  notifyUser({ hub } as unknown as Core, (route) => routes.push(route));
  return { hub, routes };
}

/** Runs `emit` as on `platform` (what platformText reads when a notification is shown). */
function on(platform: NodeJS.Platform, emit: () => void): void {
  const saved = Object.getOwnPropertyDescriptor(process, 'platform')!;
  Object.defineProperty(process, 'platform', { value: platform });
  try {
    emit();
  } finally {
    Object.defineProperty(process, 'platform', saved);
  }
}

beforeEach(() => electron.resetElectron());

describe('desktop notifications', () => {
  it('a new alert in a watched area: a click opens Alerts; Linux escapes the headline', () => {
    for (const platform of ['linux', 'win32', 'darwin'] as const) {
      electron.resetElectron();
      const { hub, routes } = notifying();
      on(platform, () =>
        hub.emit('alerts.watchedNew', {
          areaId: 1,
          areaName: 'Storm <b>area</b>',
          alerts: [
            { id: 'a1', event: 'Flood Watch', headline: hostile, severity: 'Severe' },
            { id: 'a2', event: 'Wind', headline: 'Wind', severity: 'Minor' },
          ],
        }),
      );
      const [shown] = electron.notifications();
      expect(shown!.title, platform).toBe('Flood Watch in Storm <b>area</b>');
      expect(shown!.body, platform).toBe(
        platform === 'linux'
          ? 'Flood &lt;a href=&quot;https://evil.example&quot;&gt;watch&lt;/a&gt; &amp; &quot;more&quot; and 1 more'
          : `${hostile} and 1 more`,
      );
      shown!.click();
      expect(routes).toEqual(['/alerts']);
    }
  });

  it('a condition change: a click opens the change, before and after', () => {
    const { hub, routes } = notifying();
    hub.emit('conditions.changed', {
      watchId: 4,
      watchName: 'Commute',
      changes: [
        {
          id: 17,
          watchId: 4,
          kind: 'snow',
          cameraId: 'CAM1',
          place: 'Main St',
          observationId: 'o2',
          prevId: 'o1',
          time: null,
          prevTime: null,
          before: 0,
          after: 2,
          noticedAt: '2026-11-20T12:00:00Z',
          announced: true,
        },
      ],
    });
    const [shown] = electron.notifications();
    expect(shown!.title).toMatch(/ on Commute$/);
    expect(shown!.body).toMatch(/^Main St: /);
    shown!.click();
    expect(routes).toEqual(['/alerts/conditions/4/17']);
  });

  it('escapes only where markup is read, and only the body (the title is plain text)', () => {
    const text = { title: 'A & B', body: `<i>x</i> & 'y'` };
    expect(platformText(text, 'linux')).toEqual({
      title: 'A & B',
      body: '&lt;i&gt;x&lt;/i&gt; &amp; &apos;y&apos;',
    });
    expect(platformText(text, 'darwin')).toEqual(text);
    expect(platformText(text, 'win32')).toEqual(text);
  });

  it('none where the system has no notifications', () => {
    electron.resetElectron({ notificationsSupported: false });
    const { hub } = notifying();
    hub.emit('alerts.watchedNew', {
      areaId: 1,
      areaName: 'A',
      alerts: [{ id: 'a', event: 'E', headline: 'H', severity: 'Minor' }],
    });
    expect(electron.notifications()).toEqual([]);
  });
});
