/**
 * The answer deadline of streamed media (images, video segments, snapshots) against a real HTTP
 * peer: the headers within the deadline, then a body that must keep bringing STREAM_RATE bytes a
 * second while its reader waits, however long it takes in all. Deadline 1 s, so that they run fast.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AnswerDeadlinePassed, STREAM_RATE } from '../../../src/engine/api/answer-deadline.ts';
import type { MediaResponse } from '../../../src/engine/api/index.ts';
import { demoClient } from '../../helpers/api.ts';
import {
  polite,
  silent,
  startHostilePeer,
  timed,
  trickle,
  type HostilePeer,
} from '../../helpers/hostile-peer.ts';
import { sleep } from '../../helpers/wait.ts';
import { said } from '../../../src/shared/i18n/translator.ts';

let peer: HostilePeer;
beforeAll(async () => (peer = await startHostilePeer()));
afterAll(() => peer.close());
beforeEach(() => peer.reset());

const DEADLINE = 1_000;
const SLACK = 700;
const IMAGE = '/v1/cameras/c1/image';
const requester = () => demoClient(peer.url, { answerDeadlineMs: DEADLINE }).requester;
const CAMERA_IMAGE = said('api.op.cameraImage', { id: 'c1' });
const image = () => requester().media({ operation: CAMERA_IMAGE, method: 'GET', path: IMAGE });
const jpeg = { type: 'image/jpeg' };

/** Reads the body to its end; `pauseMs` after the first chunk, as a paused video does. */
async function readAll(media: MediaResponse, pauseMs = 0): Promise<number> {
  const reader = media.body.getReader();
  let size = 0;
  for (let first = true; ; first = false) {
    const { done, value } = await reader.read();
    if (done) return size;
    size += value.byteLength;
    // A slow reader: the pause itself is what the deadline is tested against.
    if (first && pauseMs) await sleep(pauseMs);
  }
}

describe('streamed media: headers within the deadline, then a least rate', () => {
  it('no headers at all fails in words after two tries', async () => {
    peer.answers.set(IMAGE, silent);
    const o = await timed(image);
    expect(o.error).toBeInstanceOf(AnswerDeadlinePassed);
    expect(o.error.message).toMatch(
      /^camera c1 image failed: the service sent no complete answer within 1 s \(the answer deadline in Settings › Network\)/,
    );
    expect(o.ms).toBeGreaterThanOrEqual(2 * DEADLINE - 50);
    expect(o.ms).toBeLessThan(2 * DEADLINE + SLACK);
    expect(peer.asked.get(IMAGE)).toBe(2);
  }, 10_000);

  it('a body under the least rate (5 bytes a second) stalls in words', async () => {
    peer.answers.set(IMAGE, trickle({ everyMs: 200, ...jpeg }));
    const media = await image();
    const o = await timed(() => readAll(media));
    expect(o.error).toBeInstanceOf(AnswerDeadlinePassed);
    expect(o.error.message).toBe(
      `camera c1 image failed: the service sent less than ${STREAM_RATE} bytes a second for 1 s ` +
        '(the answer deadline in Settings › Network). The service or the network is too slow; ' +
        'try again later, or raise the deadline.',
    );
    expect(o.ms).toBeLessThan(DEADLINE + SLACK);
  }, 10_000);

  it('a body that stops after a good start stalls within two deadlines', async () => {
    peer.answers.set(IMAGE, (res) => {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      res.write(Buffer.alloc(10_000));
    });
    const o = await timed(async () => readAll(await image()));
    expect(o.error).toBeInstanceOf(AnswerDeadlinePassed);
    expect(o.ms).toBeLessThan(2 * DEADLINE + SLACK);
  }, 10_000);

  it('a slow body over the rate is read whole, though it takes longer than the deadline', async () => {
    peer.answers.set(IMAGE, trickle({ everyMs: 100, bytes: 100, total: 2_500, ...jpeg }));
    const started = performance.now();
    expect(await readAll(await image())).toBe(2_500);
    expect(performance.now() - started).toBeGreaterThan(2 * DEADLINE);
  }, 10_000);

  it('the time its reader does not ask does not count', async () => {
    peer.answers.set(IMAGE, polite(Buffer.alloc(4 * 1024 * 1024, 1), 'image/jpeg'));
    expect(await readAll(await image(), 2.5 * DEADLINE)).toBe(4 * 1024 * 1024);
  }, 10_000);

  it("the caller's abort of a streamed body stays the caller's", async () => {
    peer.answers.set(IMAGE, trickle({ everyMs: 200, ...jpeg }));
    const stop = new AbortController();
    const reason = new Error('the view closed');
    const media = await requester().media({
      ...{ operation: CAMERA_IMAGE, method: 'GET', path: IMAGE },
      signal: stop.signal,
    });
    setTimeout(() => stop.abort(reason), 300);
    expect((await timed(() => readAll(media))).error).toBe(reason);
  }, 10_000);
});

describe('signed URLs (fetchSigned)', () => {
  const SIGNED = '/signed/c1.jpg';
  const signed = () => requester().fetchSigned(CAMERA_IMAGE, `${peer.url}${SIGNED}?sig=1`);

  it('no headers at all fails in words after two tries', async () => {
    peer.answers.set(SIGNED, silent);
    const o = await timed(signed);
    expect(o.error).toBeInstanceOf(AnswerDeadlinePassed);
    expect(o.error.message).not.toContain('sig=');
    expect(o.ms).toBeLessThan(2 * DEADLINE + SLACK);
    expect(peer.asked.get(SIGNED)).toBe(2);
  }, 10_000);

  it('an error body that trickles fails in words after two tries', async () => {
    peer.answers.set(SIGNED, trickle({ everyMs: 2_000, status: 403 }));
    const o = await timed(signed);
    expect(o.error).toBeInstanceOf(AnswerDeadlinePassed);
    expect(o.ms).toBeLessThan(2 * DEADLINE + SLACK);
    expect(peer.asked.get(SIGNED)).toBe(2);
  }, 10_000);

  it('a slow body over the rate is read whole', async () => {
    peer.answers.set(SIGNED, trickle({ everyMs: 100, bytes: 100, total: 1_500, ...jpeg }));
    expect(await readAll(await signed())).toBe(1_500);
  }, 10_000);
});
