/**
 * A tile's reason from the media route: what the route means (its X-Roadcam-Said header) said in
 * the user's language, the service's own message a parameter; an answer without it, as it came.
 */
import { afterEach, expect, it } from 'vitest';
import { saidHeaderValue } from '../../../../src/shared/i18n/said-header.ts';
import { said, saidWithin } from '../../../../src/shared/i18n/translator.ts';
import { words } from '../../../../src/renderer/lib/words.svelte.ts';
import { isVerbatim, mediaReason, reasonWords } from '../../../../src/renderer/wall/tile-reason.ts';

afterEach(() => words.use('en'));

const offline = said('service.failed', {
  operation: saidWithin(said('media.what.live', { id: 'C1' })),
  message: 'Camera C1 is offline',
  status: 503,
  code: 'unavailable',
  parameter: 'none',
  wait: 'none',
  seconds: 0,
  minutes: 0,
});

it("says an offline camera's refusal in German, the service's message as it came", async () => {
  const answer = new Response('camera C1 live image failed: Camera C1 is offline (HTTP 503).\n', {
    status: 503,
    headers: { 'X-Roadcam-Said': saidHeaderValue(offline)! },
  });
  const reason = await mediaReason(answer);
  expect(isVerbatim(reason)).toBe(false);
  await words.use('de');
  expect(reasonWords(reason)).toBe(
    'Livebild der Kamera C1 ist fehlgeschlagen: Camera C1 is offline (HTTP 503 unavailable).',
  );
});

it('keeps an answer without what it means as it came', async () => {
  const reason = await mediaReason(new Response('Bad gateway\n', { status: 502 }));
  expect(reason).toEqual({ verbatim: 'Bad gateway' });
});
