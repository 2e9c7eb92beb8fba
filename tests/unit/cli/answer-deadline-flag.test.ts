/**
 * The real `roadcam` against a service whose search never ends: the command gives up after two
 * tries of --answer-deadline each and exits non-zero with the deadline in words; an answer
 * deadline out of the setting's bounds is a usage error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { direct, runRoadcam, secretEnv } from '../../helpers/cli.ts';
import { useTempDir } from '../../helpers/per-describe.ts';
import { startHostilePeer, trickle, type HostilePeer } from '../../helpers/hostile-peer.ts';

let peer: HostilePeer;
beforeAll(async () => (peer = await startHostilePeer()));
afterAll(() => peer.close());

describe('roadcam --answer-deadline', () => {
  const dataDir = useTempDir('roadcam-cli-deadline-');

  it('a search that never ends fails in words after two deadlines', async () => {
    peer.answers.set('/v1/cameras', trickle({ everyMs: 200, bytes: 10 }));
    const started = performance.now();
    const out = await runRoadcam(
      dataDir.path,
      ['cameras', 'search', '--limit', '2', '--answer-deadline', '5', ...direct(peer.url)],
      { env: secretEnv },
    );
    const ms = performance.now() - started;
    expect(out.code).toBe(1);
    expect(out.stderr).toContain(
      'cameras search failed: the service sent no complete answer within 5 s (the answer ' +
        'deadline in Settings › Network). The service or the network is too slow; try again ' +
        'later, or raise the deadline.',
    );
    expect(peer.asked.get('/v1/cameras')).toBe(2);
    // Two deadlines, the backoff between them, and the command's own start.
    expect(ms).toBeGreaterThanOrEqual(10_000);
    expect(ms).toBeLessThan(16_000);
  }, 40_000);

  it('a deadline out of bounds is a usage error', async () => {
    const out = await runRoadcam(
      dataDir.path,
      ['cameras', 'search', '--answer-deadline', '2', ...direct(peer.url)],
      { env: secretEnv },
    );
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('--answer-deadline must be a whole number from 5 to 600');
  }, 20_000);
});
