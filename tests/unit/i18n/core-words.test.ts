/**
 * The core says what it means (a catalogue code and its parameters) and each front end says it
 * in its user's language: a real answer deadline passed against a real silent HTTP peer, carried
 * through the IPC edge every transport shares, read by the command line in German and in
 * English. Deadline 1 s, so that it runs fast.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { errorWords } from '../../../src/cli/error-words.ts';
import { AnswerDeadlinePassed } from '../../../src/engine/api/answer-deadline.ts';
import { createDispatcher } from '../../../src/engine/ipc/dispatcher.ts';
import { IpcError, unwrap } from '../../../src/shared/ipc.ts';
import { said } from '../../../src/shared/i18n/translator.ts';
import { demoClient } from '../../helpers/api.ts';
import { silent, startHostilePeer, type HostilePeer } from '../../helpers/hostile-peer.ts';

let peer: HostilePeer;
beforeAll(async () => (peer = await startHostilePeer()));
afterAll(() => peer.close());

const IMAGE = '/v1/cameras/c1/image';

async function deadlinePassed(): Promise<AnswerDeadlinePassed> {
  peer.answers.set(IMAGE, silent);
  const requester = demoClient(peer.url, { answerDeadlineMs: 1_000 }).requester;
  const failed = await requester
    .media({ operation: said('api.op.cameraImage', { id: 'c1' }), method: 'GET', path: IMAGE })
    .then(
      () => null,
      (error: unknown) => error,
    );
  expect(failed).toBeInstanceOf(AnswerDeadlinePassed);
  return failed as AnswerDeadlinePassed;
}

it('an answer deadline reads the same in every front end, in the language asked for', async () => {
  const error = await deadlinePassed();
  expect(error.said).toEqual({
    code: 'net.answerTimeout',
    params: { operation: said('api.op.cameraImage', { id: 'c1' }), seconds: 1 },
  });
  // The English stays the message, for logs.
  expect(error.message).toMatch(/^camera c1 image failed: the service sent no complete answer/);

  const dispatch = createDispatcher({ 'app.status': () => Promise.reject(error) } as never);
  const response = await dispatch('app.status', {});
  const thrown = (() => {
    try {
      return unwrap(response as never);
    } catch (e) {
      return e;
    }
  })();
  expect(thrown).toBeInstanceOf(IpcError);
  expect((thrown as IpcError).said).toEqual(error.said);

  const german = await errorWords(thrown, { LANG: 'de_DE.UTF-8' });
  expect(german).toBe(
    'Bild der Kamera c1 ist fehlgeschlagen: Der Dienst hat innerhalb von 1 s keine vollständige ' +
      'Antwort gesendet (die Antwortfrist unter Einstellungen › Netzwerk). Der Dienst oder das ' +
      'Netzwerk ist zu langsam; versuchen Sie es später erneut oder verlängern Sie die Frist.',
  );
  expect(await errorWords(thrown, { LANG: 'C' })).toBe(error.message);
  expect(await errorWords(new Error('plain'), { LANG: 'de_DE.UTF-8' })).toBe('plain');
}, 10_000);
