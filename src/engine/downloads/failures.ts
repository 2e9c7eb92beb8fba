/**
 * What went wrong with one transfer, sorted by what the manager does about it: retry with
 * backoff, wait for the recording, pause the batch (disk full), or fail the item with a
 * message the user can act on.
 */
import { AuthError, NetworkError, ServiceError } from '../api/errors.ts';
import { backoff } from '../api/http.ts';
import { isSignedOperation } from '../api/call.ts';
import { InvalidPathValueError } from '../api/path.ts';
import { formatBytes } from '../../shared/format.ts';
import { english } from '../../shared/i18n/english.ts';
import { said, saidWithin, type Said } from '../../shared/i18n/translator.ts';
import type { DownloadState } from '../../shared/ipc/downloads.ts';
import { isDiskBroken, isDiskFull, isLinkRefused } from './disk.ts';
import type { Shortfall } from './free-space.ts';
import type { ItemRow } from './rows.ts';

export type FailureKind =
  /** Network trouble, 5xx, 429, a stall: try again after a backoff. */
  | 'transient'
  /** The signed URL expired or was refused: ask for a fresh one and go on at once. */
  | 'expired'
  /** The recording is still being built: poll until complete or failed. */
  | 'not-ready'
  /** The disk has no room (or would pass the reserve): pause the batch until it has. */
  | 'disk-full'
  /** The disk failed a write (EIO): pause the batch until the user resumes it. */
  | 'disk-broken'
  /** Nothing will change by retrying: fail with the reason. */
  | 'permanent';

export class DownloadFailure extends Error {
  readonly kind: FailureKind;
  /** What it means, said in the user's language by each front end; `message` is its English. */
  readonly said: Said;
  /** For 'disk-full': what is free and what must be, when known. */
  readonly shortfall: Shortfall | undefined;

  constructor(
    kind: FailureKind,
    reason: Said,
    options?: { cause?: unknown; shortfall?: Shortfall },
  ) {
    super(english.say(reason), options);
    this.name = 'DownloadFailure';
    this.kind = kind;
    this.said = reason;
    this.shortfall = options?.shortfall;
  }
}

/** No room in `folder` for the next file and the reserve: the words the batch pauses with. */
export function outOfSpace(folder: string, shortfall: Shortfall, cause?: unknown): DownloadFailure {
  const { free, needed, reserve } = shortfall;
  return new DownloadFailure(
    'disk-full',
    said('downloads.reason.diskFull', {
      free: formatBytes(free),
      folder,
      needed: formatBytes(needed),
      reserve: formatBytes(reserve),
    }),
    { cause, shortfall },
  );
}

export class StallError extends Error {
  readonly bytes: number;
  readonly seconds: number;

  constructor(ms: number, bytes = 0) {
    const s = Math.round(ms / 1000);
    super(
      bytes === 0
        ? `no data arrived for ${s} s`
        : `only ${bytes} bytes arrived in ${s} s, far too slow to ever finish`,
    );
    this.name = 'StallError';
    this.bytes = bytes;
    this.seconds = s;
  }
}

/**
 * What an error means, when it says so (the service's errors do); otherwise its own words,
 * shown as they are.
 */
export function reasonOf(error: unknown): Said {
  if (error instanceof DownloadFailure) return error.said;
  const known = (error as { said?: Said } | null)?.said;
  if (known && typeof known.code === 'string') return known;
  return said('downloads.reason.text', {
    text: error instanceof Error ? error.message : String(error),
  });
}

const SIGNED_REFUSALS = new Set([400, 401, 403, 410]);

/** Sorts any error thrown while fetching or writing into a DownloadFailure. */
export function classify(error: unknown, what: string, folder: string): DownloadFailure {
  if (error instanceof DownloadFailure) return error;
  if (isDiskFull(error)) {
    return new DownloadFailure('disk-full', said('downloads.reason.diskFullPlain', { folder }), {
      cause: error,
    });
  }
  if (isDiskBroken(error)) {
    return new DownloadFailure('disk-broken', said('downloads.reason.diskBroken', { folder }), {
      cause: error,
    });
  }
  if (
    error instanceof AuthError ||
    error instanceof InvalidPathValueError ||
    isLinkRefused(error)
  ) {
    return new DownloadFailure('permanent', reasonOf(error));
  }
  if (error instanceof ServiceError) {
    // How a signed host says "expired" is its own (ours 403; others 400, 401 or 410): a fresh
    // URL is asked for, and a run of refusals of fresh URLs fails (afterFailure).
    if (SIGNED_REFUSALS.has(error.status) && isSignedOperation(error.operation)) {
      return new DownloadFailure('expired', said('downloads.reason.expired', { what }));
    }
    if (error.status === 429 || error.status >= 500) {
      return new DownloadFailure('transient', reasonOf(error), { cause: error });
    }
    if (error.status === 409) {
      const recording = what.replace(/\.\w+$/, '');
      return new DownloadFailure(
        'not-ready',
        said('downloads.reason.notReady', { what: recording }),
      );
    }
    if (error.status === 404) {
      return new DownloadFailure('permanent', said('downloads.reason.notOnService', { what }));
    }
    return new DownloadFailure('permanent', reasonOf(error), { cause: error });
  }
  if (error instanceof NetworkError) return new DownloadFailure('transient', reasonOf(error));
  if (error instanceof StallError) {
    const { bytes, seconds } = error;
    return new DownloadFailure(
      'transient',
      said('downloads.reason.stalled', { what, bytes, seconds }),
    );
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (
    typeof code === 'string' &&
    /^E(ACCES|PERM|ROFS|NAMETOOLONG|ISDIR|NOTDIR|EXIST)$/.test(code)
  ) {
    return new DownloadFailure(
      'permanent',
      said('downloads.reason.cannotWrite', { what, folder, code }),
    );
  }
  // A connection cut in the middle of a body surfaces as a TypeError("terminated") or a socket
  // error: worth another try from where the file stopped.
  const known = (error as { said?: Said } | null)?.said;
  const detail = known ? saidWithin(known) : error instanceof Error ? error.message : String(error);
  return new DownloadFailure('transient', said('downloads.reason.interrupted', { what, detail }), {
    cause: error,
  });
}

/** What becomes of an item after a failed try: its next state, and the batch's for a full disk. */
export interface NextStep {
  failure: DownloadFailure;
  state: Extract<DownloadState, 'queued' | 'waiting' | 'paused' | 'failed'>;
  fields: { message: Said | null; attempts?: number; notBefore?: number };
}

/**
 * The manager's answer to a failed try. A try that received bytes (`reached` beyond what the
 * item had) starts the count of tries again: only failures without progress use them up.
 * 'paused' means the whole batch pauses (disk full).
 */
export function afterFailure(
  item: Pick<ItemRow, 'attempts' | 'bytes_done'>,
  error: unknown,
  reached: number,
  policy: { maxAttempts: number; delay: { base: number; max: number } },
  now = Date.now(),
): NextStep {
  const failure =
    error instanceof DownloadFailure ? error : new DownloadFailure('permanent', reasonOf(error));
  const attempts = reached > item.bytes_done ? 1 : item.attempts + 1;
  const max = policy.maxAttempts;
  const failed = (): NextStep => ({
    failure,
    state: 'failed',
    fields: {
      message:
        attempts > 1
          ? said('downloads.reason.afterTries', { reason: saidWithin(failure.said), attempts })
          : failure.said,
      attempts,
    },
  });
  switch (failure.kind) {
    case 'expired':
      // A fresh URL is asked for at once; only a run of refusals counts as failing.
      if (attempts > max) return failed();
      return { failure, state: 'queued', fields: { attempts, message: null } };
    case 'transient':
      if (attempts > max) return failed();
      return {
        failure,
        state: 'queued',
        fields: {
          attempts,
          message: said('downloads.reason.retrying', {
            reason: saidWithin(failure.said),
            next: attempts + 1,
            total: max + 1,
          }),
          notBefore:
            now +
            backoff(attempts, {
              baseDelayMs: policy.delay.base,
              maxDelayMs: policy.delay.max,
              attempts: max,
              maxRetryAfterMs: 0,
            }),
        },
      };
    case 'not-ready':
      return { failure, state: 'waiting', fields: { message: failure.said, attempts: 0 } };
    case 'disk-full':
      // The batch says what is free and needed; each of its files repeating it says nothing.
      return {
        failure,
        state: 'paused',
        fields: { message: said('downloads.reason.pausedForRoom') },
      };
    case 'disk-broken':
      return { failure, state: 'paused', fields: { message: failure.said } };
    case 'permanent':
      return failed();
  }
}
