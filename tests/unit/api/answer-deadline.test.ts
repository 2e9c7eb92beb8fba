/**
 * The answer deadline against a real HTTP peer that takes its time (tests/helpers/hostile-peer.ts):
 * JSON that never ends, one byte every 2 s, no headers at all, an error body and a token answer
 * that trickle. Each fails in words within the deadline times its tries (two for a request that
 * may be repeated, one for the sign-in), with a deadline of 1 s so that the tests run fast; the
 * caller's abort stays an abort. Media: media-deadline.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AnswerDeadlinePassed } from '../../../src/engine/api/answer-deadline.ts';
import type { ApiClient } from '../../../src/engine/api/index.ts';
import { demoClient } from '../../helpers/api.ts';
import {
  EMPTY_SEARCH,
  polite,
  silent,
  startHostilePeer,
  timed,
  TOKEN,
  trickle,
  type HostilePeer,
} from '../../helpers/hostile-peer.ts';

let peer: HostilePeer;
beforeAll(async () => (peer = await startHostilePeer()));
afterAll(() => peer.close());
beforeEach(() => peer.reset());

const DEADLINE = 1_000;
/** Backoff between the two tries (5 to 20 ms) and the time a busy machine takes. */
const SLACK = 700;
const client = (ms = DEADLINE) => demoClient(peer.url, { answerDeadlineMs: ms });

/** Failed past the deadline, in words, after `tries` whole deadlines. */
function expectPassed(o: { error: Error; ms: number }, operation: string, tries: number) {
  expect(o.error).toBeInstanceOf(AnswerDeadlinePassed);
  expect(o.error.message).toBe(
    `${operation} failed: the service sent no complete answer within 1 s (the answer deadline ` +
      'in Settings › Network). The service or the network is too slow; try again later, or ' +
      'raise the deadline.',
  );
  expect(o.ms).toBeGreaterThanOrEqual(tries * DEADLINE - 50);
  expect(o.ms).toBeLessThan(tries * DEADLINE + SLACK);
}

const search = (c: ApiClient) => c.cameras.search({ limit: 2 });

describe('a JSON answer that does not come whole in time fails in words, tried twice', () => {
  it('JSON that never ends (100 bytes every 50 ms, far under the cap)', async () => {
    peer.answers.set('/v1/cameras', trickle({ everyMs: 50, bytes: 100 }));
    expectPassed(await timed(() => search(client())), 'cameras search', 2);
    expect(peer.asked.get('/v1/cameras')).toBe(2);
  }, 10_000);

  it('JSON one byte every 2 s', async () => {
    peer.answers.set('/v1/cameras', trickle({ everyMs: 2_000 }));
    expectPassed(await timed(() => search(client())), 'cameras search', 2);
    expect(peer.asked.get('/v1/cameras')).toBe(2);
  }, 10_000);

  it('no headers at all', async () => {
    peer.answers.set('/v1/cameras', silent);
    expectPassed(await timed(() => search(client())), 'cameras search', 2);
  }, 10_000);

  it('an error body that trickles (a 502 page, one byte every 2 s)', async () => {
    peer.answers.set('/v1/cameras', trickle({ everyMs: 2_000, status: 502 }));
    expectPassed(await timed(() => search(client())), 'cameras search', 2);
  }, 10_000);

  it('a write that may not be repeated is tried once', async () => {
    peer.answers.set('/v1/recordings', silent);
    const o = await timed(() => client().recordings.create({ camera_id: 'c1', duration: 10 }));
    expectPassed(o, 'recording of camera c1', 1);
    expect(peer.asked.get('/v1/recordings')).toBe(1);
  }, 10_000);

  it('a slow answer that ends within the deadline is read', async () => {
    peer.answers.set('/v1/cameras', (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(EMPTY_SEARCH.slice(0, 10));
      setTimeout(() => res.end(EMPTY_SEARCH.slice(10)), DEADLINE / 2);
    });
    expect((await search(client())).features).toEqual([]);
  }, 10_000);

  it("the caller's abort stays the caller's, not a deadline", async () => {
    peer.answers.set('/v1/cameras', silent);
    const stop = new AbortController();
    const reason = new Error('the user closed the view');
    setTimeout(() => stop.abort(reason), 300);
    const o = await timed(() =>
      client(5_000).cameras.search({ limit: 2 }, { signal: stop.signal }),
    );
    expect(o.error).toBe(reason);
    expect(o.ms).toBeLessThan(1_500);
  }, 10_000);
});

describe('the shared sign-in', () => {
  it('a token answer that trickles fails every waiting call in words, and the next call signs in', async () => {
    peer.token = trickle({ everyMs: 2_000 });
    peer.answers.set('/v1/cameras', polite(EMPTY_SEARCH));
    peer.answers.set('/v1/alerts', polite(EMPTY_SEARCH));
    const c = client();
    const [a, b] = await Promise.all([
      timed(() => search(c)),
      timed(() => c.alerts.search({ limit: 2 })),
    ]);
    // The token request is never repeated (each one mints a token): one deadline.
    expectPassed(a, 'sign-in', 1);
    expectPassed(b, 'sign-in', 1);
    expect(peer.asked.get('/v1/oauth/token')).toBe(1);
    expect(peer.asked.get('/v1/cameras')).toBeUndefined();

    peer.token = polite(TOKEN);
    expect((await search(c)).features).toEqual([]);
    expect(peer.asked.get('/v1/oauth/token')).toBe(2);
  }, 10_000);

  it('a silent token answer fails within the deadline', async () => {
    peer.token = silent;
    expectPassed(await timed(() => client().session()), 'sign-in', 1);
  }, 10_000);
});
