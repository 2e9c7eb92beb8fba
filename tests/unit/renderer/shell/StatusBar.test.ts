/**
 * The status bar while the service limits requests: the notice (`service.throttled`) carries
 * the operation as the core means it, and the bar names it in the user's language.
 */
import { render, screen } from '@testing-library/svelte';
import { afterEach, expect, test, vi } from 'vitest';
import type { AppStatus } from '../../../../src/shared/ipc.ts';
import { said } from '../../../../src/shared/i18n/translator.ts';
import { fakeApi } from '../../../../src/renderer/testing/fake-api.ts';
import { contextOf, provided } from '../../../../src/renderer/testing/render.ts';
import { StatusState, statusContext } from '../../../../src/renderer/lib/status.svelte.ts';
import { ThrottleState, throttleContext } from '../../../../src/renderer/lib/throttle.svelte.ts';
import { words } from '../../../../src/renderer/lib/words.svelte.ts';
import StatusBar from '../../../../src/renderer/shell/StatusBar.svelte';

const STATUS: AppStatus = {
  mode: 'demo',
  serviceLabel: 'Demo service',
  serviceUrl: 'http://127.0.0.1:1',
  tokenHeld: true,
  online: true,
  offlineReason: null,
  checkedAt: null,
  clockOffsetMs: 0,
  version: '1.0.0',
};

afterEach(() => words.use('en'));

test('the last delayed operation is named in German, and follows a change of language', async () => {
  await words.use('de');
  const api = fakeApi({ 'app.status': () => STATUS });
  const status = new StatusState(api);
  const throttle = new ThrottleState(api);
  render(StatusBar, {
    context: contextOf(provided(statusContext, status), provided(throttleContext, throttle)),
  });
  await screen.findByTestId('status-service');
  api.emit('service.throttled', {
    limited: true,
    operation: said('api.op.search', { kind: 'cameras' }),
    waitMs: 3_000,
  });
  const notice = await screen.findByTestId('status-throttle');
  expect(notice.title).toBe(
    'Anfragen warten und werden wiederholt; dadurch schlägt nichts fehl. ' +
      'Zuletzt verzögert: Kamerasuche.',
  );
  await words.use('en');
  await vi.waitFor(() =>
    expect(notice.title).toBe(
      'Requests wait and are retried; nothing fails for it. Last delayed: cameras search.',
    ),
  );
  api.emit('service.throttled', { limited: false, operation: null, waitMs: 0 });
  await vi.waitFor(() => expect(screen.queryByTestId('status-throttle')).toBeNull());
  throttle.dispose();
  status.dispose();
});
