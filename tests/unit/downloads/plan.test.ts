/**
 * The scheduler's plan (plan.ts): the next items come off a list read once, until something
 * marks it stale; then SQLite is read again.
 */
import { describe, expect, it } from 'vitest';
import { QueuePlan } from '../../../src/engine/downloads/plan.ts';
import { DownloadQueueStore } from '../../../src/engine/downloads/store.ts';
import { freshDatabases } from '../../helpers/db.ts';
import { batch } from '../../helpers/queue-batch.ts';

const freshDb = freshDatabases();

function queue(count: number) {
  const db = freshDb();
  const store = new DownloadQueueStore(db);
  const items = Array.from({ length: count }, (_, i) => ({
    recordingId: `r${i}`,
    format: 'zip' as const,
    name: `r${i}.zip`,
    state: 'queued' as const,
  }));
  const batchId = store.createBatch(batch, items);
  return { db, store, batchId, ids: store.itemsOfBatch(batchId).map((i) => i.id) };
}

const names = (rows: { name: string }[]) => rows.map((r) => r.name);

describe('the queue plan', () => {
  it('hands the next items out in queue order, with those that follow, reading SQLite once', () => {
    const { db, store, ids } = queue(5);
    const plan = new QueuePlan(store, 's');
    const now = Date.now();
    const first = plan.take(2, 2, now, []);
    expect([names(first.start), names(first.next)]).toEqual([
      ['r0.zip', 'r1.zip'],
      ['r2.zip', 'r3.zip'],
    ]);
    // Changed behind the plan's back (as only its owner's stale() may announce): not seen.
    store.setState(ids[2]!, 'paused');
    expect(names(plan.take(1, 0, now, ids.slice(0, 2)).start)).toEqual(['r2.zip']);
    // Announced: read again, without the paused item and without the running ones.
    store.setState(ids[3]!, 'paused');
    plan.stale();
    expect(names(plan.take(5, 0, now, ids.slice(0, 3)).start)).toEqual(['r4.zip']);
    expect(plan.take(1, 1, now, ids).start).toEqual([]);
    db.close();
  });

  it('reads again when its list runs short of what is asked, and not while it holds the whole queue', () => {
    const { db, store, batchId, ids } = queue(40);
    const plan = new QueuePlan(store, 's');
    const now = Date.now();
    // 32 are read ahead; the 33rd is asked for with the 4 after it, so it reads again.
    expect(plan.take(30, 0, now, []).start).toHaveLength(30);
    expect(names(plan.take(2, 4, now, ids.slice(0, 30)).next)).toEqual([
      'r32.zip',
      'r33.zip',
      'r34.zip',
      'r35.zip',
    ]);
    // That read found the end of the queue: an item added without stale() stays unseen.
    store.addItems(batchId, [
      { recordingId: 'late', format: 'mp4', name: 'late.mp4', state: 'queued' },
    ]);
    expect(plan.take(10, 0, now, ids.slice(0, 32)).start).toHaveLength(8);
    expect(plan.take(1, 0, now, ids).start).toEqual([]);
    plan.stale();
    expect(names(plan.take(1, 0, now, ids).start)).toEqual(['late.mp4']);
    db.close();
  });

  it('reads when to look again once per change', () => {
    const { db, store, ids } = queue(2);
    const plan = new QueuePlan(store, 's');
    const now = Date.now();
    expect(plan.due(now)).toEqual({ due: { waiting: null, retry: null }, fresh: true });
    store.setState(ids[0]!, 'queued', { notBefore: now + 5_000 });
    expect(plan.due(now)).toEqual({ due: { waiting: null, retry: null }, fresh: false });
    plan.stale();
    expect(plan.due(now)).toEqual({ due: { waiting: null, retry: now + 5_000 }, fresh: true });
    db.close();
  });
});
