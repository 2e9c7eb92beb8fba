/**
 * The background job that turns submitted recordings into complete (or failed) ones: each
 * waits until its stop time has passed on the service clock, then is built from the camera's
 * archived imagery. Builds run one at a time (two cores: rendering and encoding already use
 * both). Complete recordings whose files are missing (seeded by the world, or lost) are
 * built on demand when downloaded.
 */
import { existsSync } from 'node:fs';
import { link, mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { RECORDING_FORMATS, type RecordingFormat } from '../../shared/api/index.ts';
import type { StoreDb } from '../store/db.ts';
import { setRecordingStatus } from '../store/recordings.ts';
import type { FrameRenderer } from '../media/frames.ts';
import type { MediaWorld } from '../media/world-view.ts';
import {
  buildRecording,
  RECORDING_FILE_FORMATS,
  recordingFile,
  type RecordingToBuild,
} from './recording-builder.ts';

export interface JobClock {
  nowMs(): number;
  onChange(listener: () => void): () => void;
}

interface RecordingRow {
  num: number;
  id: string;
  status: string;
  camera: number;
  start: number;
  stop: number;
  duration: number;
  rate: number;
}

const RECHECK_MS = 30_000;

export interface RecordingJobsOptions {
  db: StoreDb;
  world: MediaWorld;
  renderer: FrameRenderer;
  clock: JobClock;
  dir: string;
  log: (line: string) => void;
  /** Called after a recording's status changed (search caches key on it). */
  changed: () => void;
  /** The names of the zips' frames (the service's form); ours when not given. */
  frameName?: (cameraId: string, tMs: number) => string;
}

export class RecordingJobs {
  readonly #db: StoreDb;
  readonly #world: MediaWorld;
  readonly #renderer: FrameRenderer;
  readonly #clock: JobClock;
  readonly #dir: string;
  readonly #log: (line: string) => void;
  readonly #changed: () => void;
  readonly #frameName: RecordingJobsOptions['frameName'];
  readonly #waiting = new Set<number>();
  readonly #builds = new Map<string, Promise<void>>();
  #queue: Promise<unknown> = Promise.resolve();
  #timer: NodeJS.Timeout | undefined;
  readonly #unlisten: () => void;
  #closed = false;
  readonly #abort = new AbortController();

  constructor(o: RecordingJobsOptions) {
    this.#db = o.db;
    this.#world = o.world;
    this.#renderer = o.renderer;
    this.#clock = o.clock;
    this.#dir = o.dir;
    this.#log = o.log;
    this.#changed = o.changed;
    this.#frameName = o.frameName;
    this.#unlisten = this.#clock.onChange(() => this.#check());
    const submitted = this.#db
      .prepare("SELECT num FROM recordings WHERE status = 'submitted'")
      .pluck()
      .all() as number[];
    for (const num of submitted) this.#waiting.add(num);
    this.#check();
  }

  /** A recording was created: it is built once its stop time has passed. */
  submit(num: number): void {
    this.#waiting.add(num);
    this.#check();
  }

  /** Resolves when every submitted recording that is due has been built (tests, shutdown). */
  async idle(): Promise<void> {
    let q: Promise<unknown>;
    do {
      q = this.#queue;
      await q;
    } while (q !== this.#queue);
  }

  /** The path of a complete recording's file, building the files first when they are missing. */
  async file(id: string, format: RecordingFormat): Promise<string> {
    const path = recordingFile(this.#dir, id, format);
    if (existsSync(path)) return path;
    let build = this.#builds.get(id);
    if (!build) {
      const row = this.#db.prepare('SELECT * FROM recordings WHERE id = ?').get(id) as
        RecordingRow | undefined;
      if (!row) throw new Error(`Recording ${id} no longer exists.`);
      build = this.#enqueue(() => this.#build(row)).finally(() => this.#builds.delete(id));
      this.#builds.set(id, build);
    }
    await build;
    return path;
  }

  /**
   * Gives every recording of `ids` the built files of the first (hard links, built once): a
   * benchmark's thousands of recordings without thousands of builds.
   */
  async shareFiles(ids: readonly string[]): Promise<void> {
    const [first, ...rest] = ids;
    if (first === undefined) return;
    await this.file(first, 'jpg');
    const formats = RECORDING_FORMATS.filter((f) => existsSync(recordingFile(this.#dir, first, f)));
    for (const id of rest) {
      await mkdir(join(this.#dir, id), { recursive: true });
      for (const f of formats) {
        const to = recordingFile(this.#dir, id, f);
        if (!existsSync(to)) await link(recordingFile(this.#dir, first, f), to);
      }
    }
  }

  /** Removes the files of recordings that are gone (expired after 90 days). */
  async sweep(): Promise<number> {
    const ids = new Set(this.#db.prepare('SELECT id FROM recordings').pluck().all() as string[]);
    const dirs = existsSync(this.#dir) ? await readdir(this.#dir) : [];
    const gone = dirs.filter((d) => !ids.has(d) && !this.#builds.has(d));
    await Promise.all(gone.map((d) => rm(join(this.#dir, d), { recursive: true, force: true })));
    return gone.length;
  }

  /** Stops waiting and aborts the build in progress (the service is closing). */
  async close(): Promise<void> {
    this.#closed = true;
    this.#unlisten();
    clearTimeout(this.#timer);
    this.#abort.abort(new Error('the service is closing'));
    await this.idle();
  }

  #check(): void {
    if (this.#closed) return;
    clearTimeout(this.#timer);
    const nowS = this.#clock.nowMs() / 1000;
    let next = Infinity;
    for (const num of this.#waiting) {
      const row = this.#db.prepare('SELECT * FROM recordings WHERE num = ?').get(num) as
        RecordingRow | undefined;
      if (!row || row.status !== 'submitted') {
        this.#waiting.delete(num);
      } else if (row.stop <= nowS) {
        this.#waiting.delete(num);
        this.#enqueue(() => this.#complete(row)).catch((err: unknown) =>
          this.#log(`recording ${row.id}: ${String(err)}`),
        );
      } else next = Math.min(next, row.stop - nowS);
    }
    // Re-check at the next stop time, and at least every 30 s: the clock may be moved.
    if (next < Infinity)
      this.#timer = setTimeout(() => this.#check(), Math.min(RECHECK_MS, next * 1000 + 50)).unref();
  }

  #enqueue<T>(job: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(job, job);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #complete(row: RecordingRow): Promise<void> {
    if (this.#closed) return;
    if (row.start < this.#world.archiveStart()) {
      this.#log(
        `recording ${row.id} failed: no archived imagery before ${new Date(this.#world.archiveStart() * 1000).toISOString()}`,
      );
      setRecordingStatus(this.#db, row.num, 'failed', []);
      this.#changed();
      return;
    }
    try {
      await this.#build(row);
      setRecordingStatus(this.#db, row.num, 'complete', [...RECORDING_FILE_FORMATS]);
    } catch (err) {
      // A build cut short by shutdown stays submitted and is built again after a restart.
      if (this.#closed) return;
      this.#log(`recording ${row.id} failed: ${err instanceof Error ? err.message : String(err)}`);
      setRecordingStatus(this.#db, row.num, 'failed', []);
    }
    this.#changed();
  }

  async #build(row: RecordingRow): Promise<void> {
    const camera = this.#world.cameraByNum(row.camera);
    if (!camera) throw new Error(`the camera of recording ${row.id} no longer exists`);
    const spec: RecordingToBuild = {
      id: row.id,
      camera,
      start: row.start,
      duration: row.duration,
      rate: row.rate,
      frameName: this.#frameName,
    };
    await buildRecording(spec, this.#world, this.#renderer, this.#dir, this.#abort.signal);
  }
}
