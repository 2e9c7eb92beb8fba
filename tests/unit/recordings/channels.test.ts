/**
 * A recording's detail and its tags through the core's validating edge, as the renderer calls
 * them, against the embedded service: the tags really change on the service.
 */
import { describe, expect } from 'vitest';
import { demoCoreTest as test } from '../../helpers/fixtures.ts';
import { NOW } from '../../helpers/downloads.ts';

test.override({ demoWorld: { cameras: 60, hours: 2, now: NOW } });

describe('recordings channels', () => {
  test('show a recording and add tags to it: old tags stay, duplicates are dropped', async ({
    core,
  }) => {
    const page = await core.api.invoke('downloads.searchRecordings', { limit: 1 });
    const first = page.features[0]!;
    const shown = await core.api.invoke('recordings.show', { id: first.id });
    expect(shown.id).toBe(first.id);
    expect(shown.properties.camera_id).toBe(first.properties.camera_id);
    const before = shown.properties.tags;

    const answer = await core.api.invoke('recordings.addTags', {
      id: first.id,
      tags: ['  night shift ', 'Night Shift', 'i-80'],
    });
    expect(answer.tags).toEqual([...before, 'night shift', 'i-80']);
    // Asked of the service again, not of anything the app remembers.
    const again = await core.client.recordings.show(first.id);
    expect(again.properties.tags).toEqual(answer.tags);
  });

  test('refuse tags the service would refuse, with the reason in words', async ({ core }) => {
    await expect(
      core.api.invoke('recordings.addTags', { id: 'rec_x', tags: ['a,b'] }),
    ).rejects.toThrow(/comma/);
    await expect(core.api.invoke('recordings.addTags', { id: 'rec_x', tags: [] })).rejects.toThrow(
      /at least one tag/,
    );
    await expect(core.api.invoke('recordings.show', { id: '../x' })).rejects.toThrow(
      /letters, digits/,
    );
  });

  test('a recording that does not exist says so', async ({ core }) => {
    await expect(core.api.invoke('recordings.show', { id: 'rec_doesnotexist' })).rejects.toThrow(
      /rec_doesnotexist/,
    );
  });
});
