/**
 * A sync that cannot run says why in the user's language: the core sends what it means beside
 * its English, as every refusal of the collections channels does.
 */
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';
import { apiTest as test } from '../../helpers/fixtures.ts';
import { OfflineCollections } from '../../../src/engine/cache/collections.ts';
import { KeptStore } from '../../../src/engine/collections/store.ts';
import { CollectionSync } from '../../../src/engine/collections/sync.ts';
import { openDatabase } from '../../../src/engine/db/database.ts';
import { loadTranslator } from '../../../src/shared/i18n/catalogues.ts';
import type { SaidError } from '../../../src/shared/i18n/said-error.ts';
import { demoClient, filledCollection, serviceNow, tempDir } from '../../helpers/collections.ts';

const dir = tempDir('roadcam-sync-words-');
afterAll(() => dir.remove());

test.override({ world: { cameras: 10, hours: 2 } });

test('without the download engine, the sync refuses in German', async ({ service }) => {
  const client = demoClient(service.url);
  const { id } = await filledCollection(client, await serviceNow(service.url), 2, 'No engine');
  const db = openDatabase(join(dir.path, 'roadcam.sqlite'));
  const sync = new CollectionSync({
    client,
    kept: new KeptStore(db, 'svc'),
    offline: new OfflineCollections(db, 'svc'),
    service: 'svc',
    dataDir: dir.path,
    // The engine is not running (the command line has not claimed it).
    downloads: () => undefined,
  });
  try {
    const refused = await sync.keep(id).then(
      () => null,
      (error: SaidError) => error,
    );
    expect(refused?.message).toBe('The download engine is not running; the sync cannot fetch.');
    expect((await loadTranslator('de')).say(refused!.said)).toBe(
      'Die Download-Steuerung läuft nicht; der Abgleich kann nichts abrufen.',
    );
    // The failed keep's status, as the window and the command line show it, says so too.
    const status = sync.status(id)!;
    expect(status).toMatchObject({ state: 'failed', message: refused?.message });
    expect((await loadTranslator('de')).say(status.messageSaid!)).toBe(
      'Die Download-Steuerung läuft nicht; der Abgleich kann nichts abrufen.',
    );
  } finally {
    await sync.close();
    db.close();
  }
});
