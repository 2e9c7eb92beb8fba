/**
 * A download's words are kept as what they mean (migration 0640): a failure's reason and an
 * app-made batch label come back as a Said a front end says in German or French, beside the
 * English kept for logs; rows written before keep their English and no Said.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../src/sqlite/migrate.ts';
import { migrations } from '../../../src/engine/db/migrations/index.ts';
import { ServiceError } from '../../../src/engine/api/errors.ts';
import { afterFailure, classify, StallError } from '../../../src/engine/downloads/failures.ts';
import { ProgressTracker } from '../../../src/engine/downloads/progress.ts';
import { DownloadQueueStore } from '../../../src/engine/downloads/store.ts';
import { loadTranslator } from '../../../src/shared/i18n/catalogues.ts';
import { said } from '../../../src/shared/i18n/translator.ts';
import { batch } from '../../helpers/queue-batch.ts';

const policy = { maxAttempts: 3, delay: { base: 1_000, max: 60_000 } };

function tracker(store: DownloadQueueStore): ProgressTracker {
  return new ProgressTracker(store, () => {}, 60_000);
}

describe('a failure said in the user’s language', () => {
  it('a stalled download that gave up reads in German, its tries counted', async () => {
    const de = await loadTranslator('de');
    const failure = classify(new StallError(30_000), 'r1.mp4', '/data');
    const step = afterFailure({ attempts: 3, bytes_done: 0 }, failure, 0, policy);
    expect(step.state).toBe('failed');
    expect(de.say(step.fields.message!)).toBe(
      'Der Download von r1.mp4 stockt: seit 30 s keine Daten. (nach 4 Versuchen)',
    );
  });

  it('a recording gone from the service reads in French', async () => {
    const fr = await loadTranslator('fr');
    const operation = said('api.op.recordingFile', { id: 'r1', format: 'mp4' });
    const gone = new ServiceError(operation, { status: 404, code: 'unknown', message: 'no' });
    const failure = classify(gone, 'r1.mp4', '/data');
    expect(failure.message).toMatch(/^r1\.mp4 is not on the service/);
    expect(fr.say(failure.said)).toMatch(/^r1\.mp4 n’est pas sur le service/);
  });
});

describe('migration 0640-download-words', () => {
  it('keeps the English rows of before, shown as written, and says new ones', async () => {
    const db = new Database(':memory:');
    migrate(
      db,
      migrations.filter((m) => m.version < 640),
    );
    db.prepare(
      `INSERT INTO download_batches (id, service, key, label, folder, template, existing,
         message, created_at) VALUES (1, 's', NULL, '2 recordings', '/tmp/x', '{recording_id}',
         'rename', 'Paused: the disk is full.', 't')`,
    ).run();
    db.prepare(
      `INSERT INTO download_items (id, batch_id, recording_id, format, state, name, message,
         updated_at) VALUES (1, 1, 'r', 'mp4', 'failed', 'r.mp4', 'Recording r is gone.', 't')`,
    ).run();
    migrate(db, migrations);
    const store = new DownloadQueueStore(db);
    const progress = tracker(store);

    const old = progress.itemView(store.item(1)!);
    expect(old).toMatchObject({ message: 'Recording r is gone.', messageSaid: null });
    const oldBatch = progress.batchView(store.batch(1)!);
    expect(oldBatch).toMatchObject({ label: '2 recordings', labelSaid: null });
    expect(oldBatch).toMatchObject({ message: 'Paused: the disk is full.', messageSaid: null });

    const label = said('downloads.label.recordings', { count: 3 });
    const id = store.createBatch({ ...batch, label }, [
      {
        recordingId: 'q',
        format: 'zip',
        name: 'q.zip',
        state: 'failed',
        message: said('downloads.reason.recordingGone', { id: 'q' }),
      },
    ]);
    const de = await loadTranslator('de');
    const made = progress.batchView(store.batch(id)!);
    expect(made.label).toBe('3 recordings');
    expect(de.say(made.labelSaid!)).toBe('3 Aufnahmen');
    const [item] = store.itemsOfBatch(id);
    const view = progress.itemView(item!);
    expect(view.message).toBe('Recording q is no longer on the service.');
    expect(de.say(view.messageSaid!)).toBe('Die Aufnahme q ist nicht mehr auf dem Dienst.');
    // Cleared with its English when the item is queued again.
    store.transition('s', { batchId: id }, ['failed'], 'queued');
    expect(store.item(item!.id)).toMatchObject({ message: null, message_said: null });
    db.close();
  });
});
