/**
 * A recording's mp4 through the media route (what the recording's page plays): streamed from the
 * embedded service as it comes, typed as video, the same bytes as the service's own download.
 */
import { describe, expect } from 'vitest';
import { readMediaPath } from '../../../src/engine/media/routes.ts';
import { demoCoreTest as test } from '../../helpers/fixtures.ts';

describe('recording video media route', () => {
  test('names a recording mp4 and nothing else under recordings/', () => {
    const route = readMediaPath('recordings/rec_1/video.mp4');
    expect(route?.label).toBe('recording rec_1 video');
    expect(route?.cacheKey).toBeNull();
    expect(readMediaPath('recordings/rec_1/video.zip')).toBeNull();
    expect(readMediaPath('recordings/rec_1/video.mp4/x')).toBeNull();
  });

  test("serves a complete recording's mp4 as the service sends it", async ({ core }) => {
    const page = await core.client.recordings.search({ status: 'complete', limit: 1 });
    const recording = page.features[0]!;
    expect(recording.properties.formats).toContain('mp4');
    const answer = await core.media.resolve(
      `recordings/${recording.id}/video.mp4`,
      new AbortController().signal,
    );
    expect(answer.status).toBe(200);
    expect(answer.headers['Content-Type']).toBe('video/mp4');
    const chunks: Buffer[] = [];
    for await (const chunk of answer.body) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    // An mp4 opens with its file-type box.
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
  });
});
