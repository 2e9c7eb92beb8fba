/**
 * The answer deadline of Settings › Network reaches the core's running client: a change applies
 * to its next request, without a restart.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AnswerDeadlinePassed } from '../../../src/engine/api/answer-deadline.ts';
import type { Core } from '../../../src/engine/core.ts';
import { startAccountCore, tempDir } from '../../helpers/core.ts';
import { silent, startHostilePeer, timed, type HostilePeer } from '../../helpers/hostile-peer.ts';

let peer: HostilePeer;
let core: Core;
const dir = tempDir('roadcam-deadline-setting-');
beforeAll(async () => {
  peer = await startHostilePeer();
  core = await startAccountCore(dir.path, peer.url, { checkIntervalMs: null });
});
afterAll(async () => {
  await core.close();
  await peer.close();
  dir.remove();
});

it('a changed answer deadline applies to the next request of the running client', async () => {
  expect((await core.api.invoke('settings.get', {})).answerDeadlineSeconds).toBe(60);
  await core.api.invoke('settings.update', { answerDeadlineSeconds: 5 });
  peer.answers.set('/v1/recordings', silent);
  // A write is tried once: one deadline.
  const o = await timed(() => core.client.recordings.create({ camera_id: 'c1', duration: 10 }));
  expect(o.error).toBeInstanceOf(AnswerDeadlinePassed);
  expect(o.error.message).toContain('no complete answer within 5 s');
  expect(o.ms).toBeLessThan(5_000 + 1_500);
}, 20_000);
