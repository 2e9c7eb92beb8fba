/**
 * An image the service cannot add is refused in words a person can act on, without the ids and
 * HTTP codes of the service's answer: through the core's channel, against the embedded service.
 */
import { describe, expect } from 'vitest';
import { demoCoreTest as test } from '../../helpers/fixtures.ts';

describe('adding an image the service refuses', () => {
  test('an unknown camera is said in words, with what to do', async ({ core }) => {
    const { id } = await core.api.invoke('collections.create', { name: 'Refusals' });
    const refused = core.api.invoke('collections.addImage', {
      id,
      source: { kind: 'camera', cameraId: 'Denver' },
    });
    await expect(refused).rejects.toThrow(
      'That camera is not on the service any more. Choose another camera.',
    );
    const message = await refused.catch((e: Error) => e.message);
    expect(message).not.toMatch(/HTTP|not_found|Denver|col_/);
  });

  test('a frame the recording does not have says so', async ({ core }) => {
    const { id } = await core.api.invoke('collections.create', { name: 'Frames' });
    const recording = (await core.client.recordings.search({ status: 'complete', limit: 1 }))
      .features[0]!;
    const refused = core.api.invoke('collections.addImage', {
      id,
      source: { kind: 'recordingFrame', recordingId: recording.id, image: 'no-such.jpg' },
    });
    await expect(refused).rejects.toThrow(
      'That recording has no frame of that name. Choose a frame from its list.',
    );
    // Said as a catalogue code too: each front end says it in its user's language.
    await expect(refused).rejects.toMatchObject({
      said: { code: 'collections.refused.recordingFrame' },
    });
  });
});
