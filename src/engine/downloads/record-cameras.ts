/**
 * "Record and download" for one camera or many: the period cut into recordings of at most 30
 * minutes per camera, created a few at a time, each looked up for its file names. A create the
 * service refuses (an unknown camera, a start too far ahead, too many requests) becomes that
 * recording's failed item with the service's words; the other cameras go on.
 */
import type { RecordingProperties } from '../../shared/api/index.ts';
import type { CreatedRecording } from '../../shared/ipc/recordings.ts';
import type { ApiClient } from '../api/client.ts';
import { AuthError, ServiceError } from '../api/errors.ts';
import { english } from '../../shared/i18n/english.ts';
import { said, saidWithin } from '../../shared/i18n/translator.ts';
import { reasonOf } from './failures.ts';
import { compactTime } from './naming.ts';
import { splitPeriod, type Chosen } from './selection.ts';

/** Recordings one request may create: 200 cameras of 2.5 hours, or 10 cameras of 24 hours. */
export const MAX_RECORDINGS_AT_ONCE = 1000;
/** Creates (and their lookups) in flight at once: the service throttles bursts (429). */
const CREATES_AT_ONCE = 4;
/** Marks the recordings the app made to download, as the one-camera "record and download" did. */
export const RECORD_TAG = 'roadcam-download';

export interface RecordingPiece {
  cameraId: string;
  /** UTC ISO 8601; absent: the service's default, the time of the request. */
  start?: string;
  duration: number;
}

/** What became of one piece: its recording (looked up when the service answered) or why not. */
export interface PieceOutcome extends CreatedRecording {
  chosen: Chosen;
}

/** Every camera's pieces of the period, camera by camera; repeated cameras once. */
export function planPieces(
  cameraIds: readonly string[],
  start: string,
  stop: string,
): RecordingPiece[] {
  const cameras = [...new Set(cameraIds.map((id) => id.trim()).filter(Boolean))];
  if (cameras.length === 0) throw new RangeError('Choose at least one camera to record.');
  const parts = splitPeriod(start, stop);
  const total = cameras.length * parts.length;
  if (total > MAX_RECORDINGS_AT_ONCE) {
    throw new RangeError(
      `That is ${total.toLocaleString('en-US')} recordings (${cameras.length} cameras × ` +
        `${parts.length} parts of at most 30 minutes); at most ` +
        `${MAX_RECORDINGS_AT_ONCE.toLocaleString('en-US')} at a time. Choose a shorter period ` +
        'or fewer cameras.',
    );
  }
  return cameras.flatMap((cameraId) =>
    parts.map(([partStart, duration]) => ({ cameraId, start: partStart, duration })),
  );
}

/**
 * Creates every piece's recording, CREATES_AT_ONCE at a time, in the order given. Only what
 * concerns them all ends the whole: refused credentials, or the caller giving up.
 */
export async function createPieces(
  client: ApiClient,
  pieces: readonly RecordingPiece[],
  options: { tags?: string; signal?: AbortSignal } = {},
): Promise<PieceOutcome[]> {
  const out = new Array<PieceOutcome>(pieces.length);
  let next = 0;
  const worker = async () => {
    while (next < pieces.length) {
      const i = next++;
      out[i] = await createPiece(client, pieces[i]!, options);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CREATES_AT_ONCE, pieces.length) }, worker));
  return out;
}

async function createPiece(
  client: ApiClient,
  piece: RecordingPiece,
  options: { tags?: string; signal?: AbortSignal },
): Promise<PieceOutcome> {
  const { signal } = options;
  let recordingId: string;
  try {
    const body = { camera_id: piece.cameraId, duration: piece.duration, tags: options.tags };
    const created = await client.recordings.create(
      piece.start === undefined ? body : { ...body, start: piece.start },
      { signal },
    );
    recordingId = created.recording_id;
  } catch (error) {
    if (!(error instanceof ServiceError) || error instanceof AuthError) throw error;
    return refused(piece, error);
  }
  const made = {
    ...piece,
    start: piece.start ?? null,
    recordingId,
    problem: null,
    problemSaid: null,
  };
  try {
    const recording = await client.recordings.show(recordingId, { signal });
    return { ...made, chosen: { recordingId, recording } };
  } catch (error) {
    if (error instanceof AuthError || signal?.aborted) throw error;
    // The recording exists: its files are named without the details the lookup would have
    // given, and wait for it like any other (a download of an unfinished recording is a 409).
    return { ...made, chosen: { recordingId } };
  }
}

/** A refused create: a failed item named by its camera and time, saying the service's words. */
function refused(piece: RecordingPiece, error: ServiceError): PieceOutcome {
  const start = piece.start ?? null;
  const problemSaid = said('downloads.reason.notRecorded', {
    camera: piece.cameraId,
    start: start ?? 'now',
    seconds: piece.duration,
    reason: saidWithin(reasonOf(error)),
  });
  const problem = english.say(problemSaid);
  // Items are keyed by recording id: this stands for the recording that was not made.
  const recordingId = `not-created_${piece.cameraId}_${start === null ? 'now' : compactTime(start)}`;
  return {
    ...piece,
    start,
    recordingId: null,
    problem,
    problemSaid,
    chosen: { recordingId, planned: plannedProperties(piece), problem: problemSaid },
  };
}

/** What is known of a recording the service did not make: its camera and period, for names. */
function plannedProperties(piece: RecordingPiece): RecordingProperties {
  const start = piece.start ?? null;
  const stopMs = start === null ? NaN : Date.parse(start) + piece.duration * 1000;
  return {
    camera_id: piece.cameraId,
    country: '',
    state: '',
    region: '',
    city: '',
    description: '',
    status: 'failed',
    duration: piece.duration,
    rate: 0,
    start,
    stop: Number.isFinite(stopMs) ? new Date(stopMs).toISOString() : null,
    tags: [],
    created_at: null,
    formats: [],
  };
}
