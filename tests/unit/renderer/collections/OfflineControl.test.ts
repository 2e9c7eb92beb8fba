/**
 * A kept collection's offline status says why its last sync failed in the user's language; a
 * status written before its words were kept shows its English as it was written.
 */
import { cleanup, render, screen } from '@testing-library/svelte';
import { afterEach, expect, test } from 'vitest';
import { apiContext } from '../../../../src/renderer/lib/context.ts';
import { words } from '../../../../src/renderer/lib/words.svelte.ts';
import { fakeApi } from '../../../../src/renderer/testing/fake-api.ts';
import { contextOf, provided } from '../../../../src/renderer/testing/render.ts';
import OfflineControl from '../../../../src/renderer/collections/OfflineControl.svelte';
import { said } from '../../../../src/shared/i18n/translator.ts';
import type { CollectionSummary, OfflineStatus } from '../../../../src/shared/ipc/collections.ts';

afterEach(() => words.use('en'));

function shown(offline: Partial<OfflineStatus>) {
  const status: OfflineStatus = {
    collectionId: 'c1',
    state: 'failed',
    done: 4,
    total: 5,
    bytes: 4000,
    syncedAt: null,
    message: null,
    messageSaid: null,
    ...offline,
  };
  const collection = { _id: 'c1', name: 'Passes', offline: status } as CollectionSummary;
  render(OfflineControl, {
    props: { collection, offline: false },
    context: contextOf(provided(apiContext, fakeApi())),
  });
}

test('a failed sync says why in German; a status from before keeps its English', async () => {
  await words.use('de');
  const reason = said('collections.kept.notSynced', {
    synced: 'no',
    at: 0,
    reason: 'ECONNREFUSED',
  });
  shown({ message: 'Not synced: ECONNREFUSED', messageSaid: reason });
  expect(screen.getByText('Nicht abgeglichen: ECONNREFUSED')).toBeTruthy();
  expect(screen.queryByText(/Not synced/)).toBeNull();
  cleanup();
  shown({ message: 'Not synced: ECONNREFUSED' });
  expect(screen.getByText('Not synced: ECONNREFUSED').hasAttribute('data-verbatim')).toBe(true);
});

test("the last sync of a failed one is a date and time in the reader's language, not an ISO text", async () => {
  await words.use('de');
  const at = Date.UTC(2026, 2, 14, 12, 0);
  const reason = said('collections.kept.notSynced', { synced: 'yes', at, reason: 'ECONNREFUSED' });
  shown({
    message: 'Not synced since 2026-03-14T12:00:00.000Z: ECONNREFUSED',
    messageSaid: reason,
  });
  // ICU's medium date and short time, in this machine's zone as the page's are.
  const date = new Intl.DateTimeFormat('de', { year: 'numeric', month: 'short', day: 'numeric' });
  const time = new Intl.DateTimeFormat('de', { hour: 'numeric', minute: 'numeric' });
  const when = `${date.format(at)}, ${time.format(at)}`;
  expect(screen.getByText(`Nicht abgeglichen seit ${when}: ECONNREFUSED`)).toBeTruthy();
  expect(screen.queryByText(/2026-03-14T/)).toBeNull();
});
