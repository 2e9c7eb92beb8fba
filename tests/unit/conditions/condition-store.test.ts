/**
 * The condition watches' store (migration 0610): watches kept apart per service, each change
 * recorded once by its observation, a camera changing again later a new change, and a removed
 * watch taking its changes with it.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/engine/db/database.ts';
import {
  ConditionStore,
  timeOfId,
  type FoundChange,
} from '../../../src/engine/conditions/store.ts';
import { tempDir } from '../../helpers/core.ts';
import { said } from '../../../src/shared/i18n/translator.ts';

const dir = tempDir();
const db = openDatabase(join(dir.path, 'roadcam.sqlite'));
afterAll(() => {
  db.close();
  dir.remove();
});

const change = (observationId: string, prevId: string): FoundChange => ({
  kind: 'snow',
  cameraId: 'C1',
  place: 'Pass',
  observationId,
  prevId,
  time: '2026-11-21T12:10:00Z',
  before: 2,
  after: 6,
});

describe('the condition store', () => {
  const demo = new ConditionStore(db, 'demo');
  const other = new ConditionStore(db, 'https://roads.example');

  it('keeps each service its own watches', () => {
    const id = demo.add('Pass', { cameraIds: ['C1'] }, ['snow']);
    expect(demo.list().map((w) => w.name)).toEqual(['Pass']);
    expect(other.list()).toEqual([]);
    expect(other.get(id)).toBeUndefined();
    expect(other.remove(id)).toBe(false);
  });

  it('records a change once, and the same camera changing again later as a new one', () => {
    const id = demo.list()[0]!.id;
    const first = demo.record(id, [change('C1_20261121T1210Z', 'C1_20261121T1200Z')], true);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ announced: true, prevTime: '2026-11-21T12:00:00.000Z' });
    expect(demo.record(id, [change('C1_20261121T1210Z', 'C1_20261121T1200Z')], true)).toEqual([]);
    // Back to wet and to snow again: another observation, another change.
    const again = demo.record(id, [change('C1_20261121T1250Z', 'C1_20261121T1240Z')], true);
    expect(again).toHaveLength(1);
    expect(demo.changes(id)).toHaveLength(2);
  });

  it('remembers how far a check looked, and why one failed, until the next', () => {
    const id = demo.list()[0]!.id;
    demo.checked(id, '2026-11-21T12:50:00.000Z', null);
    demo.checked(id, null, 'The check of Pass failed: offline.');
    expect(demo.get(id)).toMatchObject({
      checkedUntil: '2026-11-21T12:50:00.000Z',
      problem: 'The check of Pass failed: offline.',
      problemSaid: null,
    });
    // A failure said as what it means keeps its English too, for logs and older front ends.
    demo.checked(id, null, said('conditions.problem.checkFailed', { name: 'Pass', reason: 'x' }));
    expect(demo.get(id)).toMatchObject({
      problem: 'The check of Pass failed: x. Roadcam tries again at the next check.',
      problemSaid: {
        code: 'conditions.problem.checkFailed',
        params: { name: 'Pass', reason: 'x' },
      },
    });
  });

  it('removes a watch with its changes', () => {
    const id = demo.list()[0]!.id;
    expect(demo.remove(id)).toBe(true);
    expect(db.prepare('SELECT count(*) FROM condition_changes').pluck().get()).toBe(0);
  });

  it('reads the time of an observation id, and none from another form', () => {
    expect(timeOfId('US-CO-000042_20261121T1020Z')).toBe('2026-11-21T10:20:00.000Z');
    expect(timeOfId('obs_1')).toBeNull();
    expect(timeOfId(null)).toBeNull();
  });
});
