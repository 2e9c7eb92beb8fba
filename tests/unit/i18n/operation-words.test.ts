/**
 * A call's name is what it means (`api.op.*`, `media.what.*`), said in the language of the
 * sentence it fails in: a German user reads "Kamerasuche ist fehlgeschlagen", not "cameras
 * search ist fehlgeschlagen". The English stays the message, word for word, for logs. Against
 * a real HTTP peer that refuses, through the client's own requests.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { ServerResponse } from 'node:http';
import { ApiError, ServiceError } from '../../../src/engine/api/errors.ts';
import { classify } from '../../../src/engine/downloads/failures.ts';
import { loadTranslator } from '../../../src/shared/i18n/catalogues.ts';
import { said, type Said } from '../../../src/shared/i18n/translator.ts';
import { demoClient } from '../../helpers/api.ts';
import { startHostilePeer, type HostilePeer } from '../../helpers/hostile-peer.ts';

let peer: HostilePeer;
beforeAll(async () => (peer = await startHostilePeer()));
afterAll(() => peer.close());
beforeEach(() => peer.reset());

/** An answer of `status` with the service's error body. */
const refusing =
  (status: number, message: string, extra: Record<string, string> = {}) =>
  (res: ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { status, message, ...extra } }));
  };

async function failure(work: () => Promise<unknown>): Promise<ServiceError> {
  const error = await work().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

const inGerman = async (words: Said) => (await loadTranslator('de')).say(words);

it('a search the service refuses names the search in German', async () => {
  peer.answers.set(
    '/v1/cameras',
    refusing(400, 'bbox needs four numbers', { code: 'invalid_parameter', parameter: 'bbox' }),
  );
  const error = await failure(() => demoClient(peer.url).cameras.search({ limit: 1 }));
  expect(error.operation).toEqual(said('api.op.search', { kind: 'cameras' }));
  expect(error.message).toBe(
    'cameras search failed: bbox needs four numbers (HTTP 400 invalid_parameter, parameter bbox).',
  );
  expect(await inGerman(error.said!)).toBe(
    'Kamerasuche ist fehlgeschlagen: bbox needs four numbers (HTTP 400 invalid_parameter, ' +
      'Parameter bbox).',
  );
});

it("a camera's live image the service refuses names the image in German", async () => {
  peer.answers.set('/v1/cameras/C1/live', refusing(404, 'No camera C1'));
  const error = await failure(() => demoClient(peer.url).cameras.live('C1'));
  expect(error.message).toBe('camera C1 live image failed: No camera C1 (HTTP 404).');
  expect(await inGerman(error.said!)).toBe(
    'Livebild der Kamera C1 ist fehlgeschlagen: No camera C1 (HTTP 404).',
  );
});

it('a signed URL refused by its host is an expired link in any language', async () => {
  peer.answers.set('/signed/r1.mp4', (res) => {
    res.writeHead(403, { 'content-type': 'text/plain' });
    res.end('Signature expired');
  });
  const requester = demoClient(peer.url).requester;
  const operation = said('api.op.recordingFile', { id: 'r1', format: 'mp4' });
  const error = await failure(() =>
    requester.streamSigned(operation, `${peer.url}/signed/r1.mp4?signature=1`),
  );
  expect(error.message).toBe('recording r1 mp4 (signed URL) failed: Signature expired (HTTP 403).');
  expect(await inGerman(error.said!)).toBe(
    'Aufnahme r1 als mp4 (signierte URL) ist fehlgeschlagen: Signature expired (HTTP 403).',
  );
  expect(classify(error, 'r1.mp4', '/tmp').kind).toBe('expired');
  // The same refusal from the service itself is not an expired link.
  const own = new ServiceError(operation, { status: 403, code: 'unknown', message: 'no' });
  expect(classify(own, 'r1.mp4', '/tmp').kind).toBe('permanent');
});

it('an answer that is not JSON (a captive portal) is said in German, the search named', async () => {
  peer.answers.set('/v1/cameras', (res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<html><body>Sign in to the hotel Wi-Fi</body></html>');
  });
  const error = (await demoClient(peer.url)
    .cameras.search({ limit: 1 })
    .then(
      () => null,
      (e: unknown) => e,
    )) as ApiError;
  expect(error).toBeInstanceOf(ApiError);
  expect(error.message).toMatch(
    /^cameras search failed: the service answered with "text\/html" that is not JSON\. /,
  );
  expect(await inGerman(error.said!)).toBe(
    'Kamerasuche ist fehlgeschlagen: Der Dienst hat mit „text/html“ geantwortet, der kein JSON ' +
      'ist. Möglicherweise antwortet etwas anderes an seiner Stelle (ein Proxy, ein Captive ' +
      'Portal, eine falsche Adresse): Prüfen Sie das Netzwerk und die Adresse des Dienstes in ' +
      'den Einstellungen.',
  );
});
