/**
 * `roadcam recordings create --camera_id A,B,C`: one recording per camera (the one-camera
 * command is unchanged), each id or each camera's failure printed; with `--download DIR` the
 * recordings are followed until made and downloaded as one batch, as `roadcam download` does.
 * Exit code 1 when any camera or file failed.
 */
import { isoFromMs } from '../../shared/times.ts';
import { resolve } from 'node:path';
import type { CreatedRecording } from '../../shared/ipc/recordings.ts';
import { flag, UsageError } from '../argv.ts';
import { said } from '../../shared/i18n/translator.ts';
import { pathFlag, withEngine, type Context } from '../context.ts';
import { invoke, type Engine } from '../core-call.ts';
import { note, printJson, printLines } from '../output.ts';
import { followBatch, parseFormats, withDownloads } from './download.ts';

export interface ManyCameras {
  cameraIds: string[];
  duration: number | undefined;
  start: string | undefined;
  tags: string | undefined;
}

/** The default duration of the service's Create (section 8): the period --download covers. */
const DEFAULT_DURATION_S = 300;

/** Without --download: creates every camera's recording, a few at a time. */
export async function createForCameras(ctx: Context, many: ManyCameras): Promise<number> {
  return withEngine(ctx, async (engine) => {
    const made = await invoke(engine, 'cli.recordings.createEach', {
      cameraIds: many.cameraIds,
      duration: many.duration ?? DEFAULT_DURATION_S,
      ...(many.start === undefined ? {} : { start: many.start }),
      ...(many.tags === undefined ? {} : { tags: many.tags }),
    });
    printCreated(ctx, made);
    return made.some((r) => r.problem !== null) ? 1 : 0;
  });
}

/** --download DIR: the recordings of the period, then every file as one batch. */
export async function recordAndDownload(ctx: Context, many: ManyCameras): Promise<number> {
  const out = pathFlag(ctx, 'download')!;
  if (many.tags !== undefined) {
    throw new UsageError(said('cli.recordings.tagsAndDownload'));
  }
  const formats = parseFormats(flag(ctx.argv, 'format') ?? 'zip,mp4');
  return withDownloads(ctx, undefined, (engine) =>
    downloadBatch(ctx, engine, many, resolve(out), formats),
  );
}

async function downloadBatch(
  ctx: Context,
  engine: Engine,
  many: ManyCameras,
  folder: string,
  formats: ReturnType<typeof parseFormats>,
): Promise<number> {
  const startMs =
    many.start === undefined ? await invoke(engine, 'cli.serviceNow', {}) : Date.parse(many.start);
  if (!Number.isFinite(startMs)) {
    throw new UsageError(said('cli.recordings.startNotTime', { start: String(many.start) }));
  }
  let refused = false;
  const code = await followBatch(ctx, engine, async () => {
    const made = await invoke(engine, 'recordings.createMany', {
      cameraIds: many.cameraIds,
      start: isoFromMs(startMs),
      stop: isoFromMs(startMs + (many.duration ?? DEFAULT_DURATION_S) * 1000),
      formats,
      folder,
    });
    printCreated(ctx, made.recordings);
    refused = made.recordings.some((r) => r.problem !== null);
    return { batchId: made.batch.id };
  });
  return refused ? Math.max(code, 1) : code;
}

/** Each camera's recording id on stdout ("CAMERA ID"), each refusal on stderr; or NDJSON. */
function printCreated(ctx: Context, made: readonly CreatedRecording[]): void {
  for (const r of made) {
    if (ctx.json) {
      printJson(ctx.io, {
        event: 'recording',
        cameraId: r.cameraId,
        start: r.start,
        duration: r.duration,
        recordingId: r.recordingId,
        problem: r.problem,
      });
    } else if (r.recordingId !== null) printLines(ctx.io, [`${r.cameraId} ${r.recordingId}`]);
    else note(ctx.io, `${r.cameraId}: ${r.problem}`);
  }
}
