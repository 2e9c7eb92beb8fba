/**
 * Builds a recording's downloadable files from its camera's imagery: every frame of the
 * period at the recording's rate goes into the zip and the mp4 as it is rendered, and the
 * middle frame becomes the representative jpg. Files appear under their final names only
 * when complete, so a download never sees a partial build.
 */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RecordingFormat } from '../../shared/api/index.ts';
import type { FrameRenderer } from '../media/frames.ts';
import { frameName } from '../media/image-names.ts';
import { SequenceWriter } from '../media/sequence.ts';
import type { MediaCamera, MediaWorld } from '../media/world-view.ts';

export interface RecordingToBuild {
  id: string;
  camera: MediaCamera;
  /** epoch seconds */
  start: number;
  duration: number;
  /** images per second */
  rate: number;
  /** The names of the zip's frames: the service's own form (media/image-names.ts); ours by default. */
  frameName?: (cameraId: string, tMs: number) => string;
}

/** Renders this many frames ahead of the writers: enough to keep both cores busy. */
const RENDER_AHEAD = 8;

export const RECORDING_FILE_FORMATS: readonly RecordingFormat[] = ['jpg', 'mp4', 'zip'];

/** The epoch-millisecond times of a recording's frames. */
export function frameTimes(r: Pick<RecordingToBuild, 'start' | 'duration' | 'rate'>): number[] {
  const count = Math.max(1, Math.floor(r.duration * r.rate));
  const stepMs = 1000 / r.rate;
  return Array.from({ length: count }, (_, i) => r.start * 1000 + Math.round(i * stepMs));
}

export function recordingFile(dir: string, id: string, format: RecordingFormat): string {
  return join(dir, id, `${id}.${format}`);
}

export async function buildRecording(
  r: RecordingToBuild,
  world: MediaWorld,
  renderer: FrameRenderer,
  dir: string,
  signal?: AbortSignal,
): Promise<void> {
  const out = join(dir, r.id);
  await mkdir(out, { recursive: true });
  const tmp = (f: RecordingFormat): string => `${recordingFile(dir, r.id, f)}.partial`;
  const writer = await SequenceWriter.open({
    zipPath: tmp('zip'),
    mp4Path: tmp('mp4'),
    rate: r.rate,
    spoolDir: join(out, 'spool'),
  });
  const times = frameTimes(r);
  const middle = Math.floor(times.length / 2);
  const nameOf = r.frameName ?? frameName;
  const render = (tMs: number): Promise<Buffer> => {
    const p = renderer.render({
      camera: r.camera,
      conditions: world.conditionsAt(r.camera, Math.floor(tMs / 1000)),
      tMs,
    });
    // Frames rendered ahead may fail after the build has given up: that is not news.
    p.catch(() => undefined);
    return p;
  };
  try {
    const pending: Promise<Buffer>[] = times.slice(0, RENDER_AHEAD).map(render);
    for (let i = 0; i < times.length; i++) {
      signal?.throwIfAborted();
      const jpeg = await pending[i]!;
      delete pending[i];
      if (i + RENDER_AHEAD < times.length)
        pending[i + RENDER_AHEAD] = render(times[i + RENDER_AHEAD]!);
      if (i === middle) await writeFile(tmp('jpg'), jpeg);
      await writer.add(nameOf(r.camera.id, times[i]!), jpeg, new Date(times[i]!));
    }
    await writer.finish();
    for (const f of RECORDING_FILE_FORMATS) await rename(tmp(f), recordingFile(dir, r.id, f));
  } catch (err) {
    await writer.abort();
    await Promise.all(RECORDING_FILE_FORMATS.map((f) => rm(tmp(f), { force: true })));
    throw err;
  }
}
