/**
 * The names of a recording's frames, as the service names them: the entry names of the
 * recording's zip (interface 4.6 "a named image from the recording sequence"). The form of names
 * is not shown, so none is ever made up here. Read from the zip's central directory alone
 * (zip-names.ts) and kept in memory: a complete recording's frames never change.
 */
import { mkdir } from 'node:fs/promises';
import type { ApiClient } from '../api/client.ts';
import { zipEntryNames } from './zip-names.ts';

/** Recordings whose frame names are kept (a few hundred kB at most each). */
const KEPT = 32;

export interface RecordingFrameNames {
  cameraId: string | null;
  names: string[];
}

export class RecordingFrames {
  readonly #client: ApiClient;
  readonly #tempDir: string;
  readonly #kept = new Map<string, RecordingFrameNames>();
  readonly #pending = new Map<string, Promise<RecordingFrameNames>>();

  /** `tempDir`: where a zip goes whole when its host ignores Range requests. */
  constructor(client: ApiClient, tempDir: string) {
    this.#client = client;
    this.#tempDir = tempDir;
  }

  list(recordingId: string, signal?: AbortSignal): Promise<RecordingFrameNames> {
    const kept = this.#kept.get(recordingId);
    if (kept) {
      // Most recently used last: the oldest is the one let go.
      this.#kept.delete(recordingId);
      this.#kept.set(recordingId, kept);
      return Promise.resolve(kept);
    }
    let pending = this.#pending.get(recordingId);
    if (!pending) {
      pending = this.#read(recordingId, signal).finally(() => this.#pending.delete(recordingId));
      this.#pending.set(recordingId, pending);
    }
    return pending;
  }

  async #read(id: string, signal?: AbortSignal): Promise<RecordingFrameNames> {
    const p = (await this.#client.recordings.show(id, { signal })).properties;
    if (!p.formats.includes('zip')) {
      throw new Error(
        p.status === 'complete'
          ? `Recording ${id} offers no zip (its formats: ${p.formats.join(', ') || 'none'}), so the names of its frames cannot be listed. Add its preview image instead.`
          : `Recording ${id} is ${p.status || 'not complete'}: the names of its frames can be listed once it is complete.`,
      );
    }
    await mkdir(this.#tempDir, { recursive: true });
    const names = await zipEntryNames(
      (range) => this.#client.recordings.download(id, 'zip', { range, signal }),
      this.#tempDir,
      signal,
    );
    const frames = { cameraId: p.camera_id || null, names };
    if (p.status === 'complete') {
      this.#kept.set(id, frames);
      if (this.#kept.size > KEPT) this.#kept.delete(this.#kept.keys().next().value!);
    }
    return frames;
  }
}
