/**
 * What the manager does after a failed try (failures.ts afterFailure): retried with backoff,
 * asked again at once, waited for, paused with the batch, or failed with the reason.
 */
import { describe, expect, it } from 'vitest';
import { signedOperation } from '../../../src/engine/api/call.ts';
import { ServiceError } from '../../../src/engine/api/errors.ts';
import { afterFailure, classify, DownloadFailure } from '../../../src/engine/downloads/failures.ts';
import { english } from '../../../src/shared/i18n/english.ts';
import { said, type Said } from '../../../src/shared/i18n/translator.ts';

/** Words that are not the catalogue's, as an error of unknown kind gives them. */
const text = (words: string) => said('downloads.reason.text', { text: words });
/** A step's reason, in English. */
const inEnglish = (step: { fields: { message: Said | null } }) =>
  step.fields.message && english.say(step.fields.message);

const policy = { maxAttempts: 3, delay: { base: 1_000, max: 60_000 } };
const item = { attempts: 0, bytes_done: 100 };
const NOW = 1_000_000;

describe('afterFailure', () => {
  it('queues a transient failure again after a backoff, counting the tries', () => {
    const next = afterFailure(
      item,
      new DownloadFailure('transient', text('Reset.')),
      100,
      policy,
      NOW,
    );
    expect(next.state).toBe('queued');
    expect(next.fields.attempts).toBe(1);
    expect(inEnglish(next)).toBe('Reset. Retrying (try 2 of 4).');
    // Full jitter: between half and all of the first delay.
    expect(next.fields.notBefore).toBeGreaterThanOrEqual(NOW + 500);
    expect(next.fields.notBefore).toBeLessThanOrEqual(NOW + 1_000);
  });

  it('starts the count again when the try received bytes', () => {
    const tired = { attempts: 3, bytes_done: 100 };
    expect(
      afterFailure(tired, new DownloadFailure('transient', text('x')), 5_000, policy, NOW).state,
    ).toBe('queued');
    expect(
      afterFailure(tired, new DownloadFailure('transient', text('x')), 5_000, policy).fields
        .attempts,
    ).toBe(1);
  });

  it('fails after the last try without progress, saying how many there were', () => {
    const next = afterFailure(
      { attempts: 3, bytes_done: 100 },
      new DownloadFailure('transient', text('The service answered 503.')),
      100,
      policy,
    );
    expect(next).toMatchObject({ state: 'failed', fields: { attempts: 4 } });
    expect(inEnglish(next)).toBe('The service answered 503. (after 4 tries)');
  });

  it('asks for a fresh signed URL at once, waits for a recording, pauses on a full disk', () => {
    const expired = afterFailure(
      item,
      new DownloadFailure('expired', text('Expired.')),
      100,
      policy,
    );
    expect(expired).toMatchObject({ state: 'queued', fields: { message: null } });
    expect(expired.fields.notBefore).toBeUndefined();
    const waiting = afterFailure(
      item,
      new DownloadFailure('not-ready', text('Waiting.')),
      100,
      policy,
    );
    expect(waiting).toMatchObject({ state: 'waiting', fields: { attempts: 0 } });
    expect(inEnglish(waiting)).toBe('Waiting.');
    const full = afterFailure(item, new DownloadFailure('disk-full', text('Full.')), 100, policy);
    expect(full.state).toBe('paused');
    expect(inEnglish(full)).toBe('Paused until there is room on the disk (see the batch).');
  });

  it('fails at once on a permanent failure or an unexpected error', () => {
    const gone = afterFailure(item, new DownloadFailure('permanent', text('Gone.')), 100, policy);
    expect(gone.state).toBe('failed');
    expect(inEnglish(gone)).toBe('Gone.');
    expect(afterFailure(item, new Error('boom'), 100, policy)).toMatchObject({
      state: 'failed',
      failure: { kind: 'permanent', message: 'boom' },
    });
  });
});

describe('classify', () => {
  const refusal = (status: number, operation: Said) =>
    new ServiceError(operation, { status, code: 'unknown', message: 'refused' });
  const recording = said('api.op.recordingFile', { id: 'r', format: 'zip' });
  const signed = signedOperation(recording);

  it('takes any way a signed host has of saying "expired" for an expired link', () => {
    for (const status of [400, 401, 403, 410]) {
      const failure = classify(refusal(status, signed), 'r.zip', '/tmp');
      expect(failure.kind, `HTTP ${status}`).toBe('expired');
    }
  });

  it("does not take the service's own 403 or a signed 404 for an expired link", () => {
    expect(classify(refusal(403, recording), 'r.zip', '/tmp').kind).toBe('permanent');
    expect(classify(refusal(404, signed), 'r.zip', '/tmp').kind).toBe('permanent');
  });
});
