/**
 * `roadcam download`: the app's download engine from a terminal. The batch is keyed by the
 * command's inputs, so running the same command again resumes it (and retries what failed).
 * Exit code 0 only when every file completed; 4 when the batch paused for its disk (no room,
 * or a failing disk): run again once there is room, it fetches only what is missing.
 */
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { RECORDING_FORMATS, type RecordingFormat } from '../../shared/api/index.ts';
import { batchFinishedSaid } from '../../shared/batch-finished.ts';
import {
  DEFAULT_TEMPLATE,
  EXISTING_POLICIES,
  type BatchFinished,
  type DownloadBatchView,
  type DownloadsSnapshot,
  type ExistingPolicy,
} from '../../shared/ipc/downloads.ts';
import { said } from '../../shared/i18n/translator.ts';
import { checkFlags, flag, intFlag, UsageError } from '../argv.ts';
import { GLOBAL_FLAGS, pathFlag, withEngine, type Context } from '../context.ts';
import { invoke, type Engine } from '../core-call.ts';
import { note, printJson } from '../output.ts';
import { progressLine } from '../progress-line.ts';
import { checkFailedList, readIdList, writeFailedList } from './id-lists.ts';
import { queryParams } from '../search-flags.ts';
import { DOWNLOAD_FLAGS } from './flags.ts';

/** Files that did not complete listed one by one at the end; past this, a count. */
const LISTED_PROBLEMS = 20;

export async function download(ctx: Context): Promise<number> {
  checkFlags(ctx.argv, [...DOWNLOAD_FLAGS, ...GLOBAL_FLAGS], 'roadcam download');
  const listed = pathFlag(ctx, 'ids-from');
  const ids = [
    ...ctx.argv.words.slice(1),
    ...(listed === undefined ? [] : await readIdList(listed, process.stdin)),
  ];
  const queryText = flag(ctx.argv, 'query');
  if ((ids.length === 0) === (queryText === undefined)) {
    const none = listed !== undefined && ids.length === 0;
    throw new UsageError(
      none ? said('cli.ids.none', { path: listed }) : said('cli.download.idsOrQuery'),
    );
  }
  const failedOut = pathFlag(ctx, 'failed-out');
  if (failedOut !== undefined) await checkFailedList(failedOut);
  const out = pathFlag(ctx, 'out');
  if (!out) throw new UsageError(said('cli.download.needsOut'));
  const formats = parseFormats(flag(ctx.argv, 'format') ?? 'zip,mp4');
  const existing = (flag(ctx.argv, 'existing') ?? 'skip') as ExistingPolicy;
  if (!EXISTING_POLICIES.includes(existing)) {
    throw new UsageError(said('cli.download.existing', { policies: EXISTING_POLICIES.join(', ') }));
  }
  const template = flag(ctx.argv, 'template') ?? DEFAULT_TEMPLATE;
  const concurrency = intFlag(ctx.argv, 'concurrency', 1, 16);
  const query = queryText === undefined ? undefined : queryParams(queryText);
  const folder = resolve(out);
  const key = createHash('sha256')
    .update(JSON.stringify({ folder, formats, template, existing, ids: [...ids].sort(), query }))
    .digest('hex');

  // Ids as the engine counts them: without blanks and repeats.
  const label = query
    ? `query ${queryText}`
    : `${new Set(ids.map((id) => id.trim()).filter(Boolean)).size} recordings`;
  const chosen = query ? { query: query as Record<string, unknown> } : { ids };
  const batch = { key, label, folder, template, existing, formats, ...chosen };
  return withDownloads(ctx, concurrency, (engine) =>
    followBatch(
      ctx,
      engine,
      async () => {
        const { batchId } = await invoke(engine, 'cli.downloads.open', batch);
        // Each recording's files start as soon as its own lookup returns, not after them all.
        const add = async () => void (await invoke(engine, 'cli.downloads.fill', { batchId }));
        return { batchId, add };
      },
      failedOut,
    ),
  );
}

/**
 * Runs `work` on an engine whose download queue this process owns (another Roadcam downloading
 * with the same data folder is refused in words); the queue stops with the engine.
 */
export function withDownloads(
  ctx: Context,
  concurrency: number | undefined,
  work: (engine: Engine) => Promise<number>,
): Promise<number> {
  return withEngine(ctx, async (engine) => {
    await invoke(engine, 'cli.downloads.claim', concurrency === undefined ? {} : { concurrency });
    return work(engine);
  });
}

/**
 * Follows one batch to its end with the progress line, then prints the summary and returns the
 * exit code. `open` makes the batch (and may give what fills it while the line already shows).
 */
export async function followBatch(
  ctx: Context,
  engine: Engine,
  open: () => Promise<{ batchId: number; add?: () => Promise<void> }>,
  failedOut?: string,
): Promise<number> {
  let batchId = -1;
  // Listens from before the batch exists: one with nothing left to do ends at once.
  const finished = batchEnd(engine, () => batchId);
  let show: { stop(): void } | undefined;
  try {
    const opened = await open();
    batchId = opened.batchId;
    show = reportProgress(ctx, engine, batchId);
    await opened.add?.();
    const end = await finished.ended;
    show.stop();
    const snapshot = await invoke(engine, 'cli.downloads.summary', { batchId });
    return await summarise(ctx, snapshot, batchId, end, failedOut);
  } finally {
    finished.stop();
    show?.stop();
  }
}

export function parseFormats(text: string): RecordingFormat[] {
  const list = text.split(',').map((f) => f.trim().toLowerCase());
  const bad = list.find((f) => !(RECORDING_FORMATS as readonly string[]).includes(f));
  if (bad !== undefined || list.length === 0) {
    throw new UsageError(said('cli.download.format', { formats: RECORDING_FORMATS.join(', ') }));
  }
  return [...new Set(list)] as RecordingFormat[];
}

/** Resolves with the batch's end; a batch with nothing left to do ends at once. */
function batchEnd(
  engine: Engine,
  batchId: () => number,
): { ended: Promise<BatchFinished | null>; stop(): void } {
  let stop = () => {};
  const ended = new Promise<BatchFinished | null>((done) => {
    // The manager's timers do not hold a process open; the command waits on purpose.
    const keepAlive = setInterval(() => {
      if (batchId() < 0) return;
      void invoke(engine, 'cli.downloads.batch', { batchId: batchId() }).then(
        (view) => {
          if (!view) return;
          // Paused: only its disk pauses a batch of this command (no room, or a failing disk),
          // and nothing else runs. Waiting would hang; the command ends and is run again.
          if (view.state === 'paused' || (view.state !== 'active' && view.finishedAt)) finish(null);
        },
        finish.bind(null, null),
      );
    }, 1_000);
    const off = engine.on('downloads.batchFinished', (e) => {
      if (e.batchId === batchId()) finish(e);
    });
    stop = () => {
      clearInterval(keepAlive);
      off();
    };
    function finish(e: BatchFinished | null) {
      stop();
      done(e);
    }
  });
  return { ended, stop: () => stop() };
}

/** A progress line on a terminal; NDJSON events with --json. */
export function reportProgress(ctx: Context, engine: Engine, batchId: number): { stop(): void } {
  const line = progressLine(ctx.io, undefined, undefined, ctx.words);
  const states = new Map<number, string>();
  const off = engine.on('downloads.update', (u) => {
    for (const item of u.items) {
      if (item.batchId !== batchId || states.get(item.id) === item.state) continue;
      states.set(item.id, item.state);
      if (ctx.json) {
        printJson(ctx.io, {
          event: 'item',
          id: item.id,
          recordingId: item.recordingId,
          format: item.format,
          name: item.name,
          state: item.state,
          bytesDone: item.bytesDone,
          bytesTotal: item.bytesTotal,
          message: item.message,
          sha256: item.sha256,
        });
      }
    }
    const b = u.batches.find((x) => x.id === batchId);
    if (!b) return;
    if (ctx.json) printJson(ctx.io, { event: 'progress', ...progressOf(b) });
    else {
      line.update({
        done: b.counts.completed,
        total: b.items,
        failed: b.counts.failed,
        bytesDone: b.bytesDone,
        bytesTotal: b.bytesTotal,
        speed: b.speed,
        etaSeconds: b.etaSeconds,
      });
    }
  });
  return {
    stop() {
      off();
      line.done();
    },
  };
}

function progressOf(b: DownloadBatchView) {
  return {
    batchId: b.id,
    state: b.state,
    completed: b.counts.completed,
    failed: b.counts.failed,
    waiting: b.counts.waiting,
    items: b.items,
    bytesDone: b.bytesDone,
    bytesTotal: b.bytesTotal,
    speed: b.speed,
    etaSeconds: b.etaSeconds,
  };
}

const soFar = (b: DownloadBatchView) => ({ completed: b.counts.completed, items: b.items });

/** Exit code of a batch paused for its disk: run again later, unlike a failure. */
export const PAUSED_FOR_DISK = 4;

function pausedForDisk(ctx: Context, batch: DownloadBatchView): number {
  if (ctx.json) {
    printJson(ctx.io, {
      event: 'paused',
      ...progressOf(batch),
      message: batch.message,
      spaceNeeded: batch.spaceNeeded,
    });
  } else {
    note(ctx.io, ctx.words.t('cli.download.soFar', soFar(batch)));
    const why = batch.messageSaid ? ctx.words.say(batch.messageSaid) : batch.message;
    note(ctx.io, why ?? ctx.words.t('cli.download.paused'));
    note(ctx.io, ctx.words.t('cli.download.runAgain'));
  }
  return PAUSED_FOR_DISK;
}

/** The end of a batch in words (or NDJSON); the exit code: 0 only when every file completed. */
export async function summarise(
  ctx: Context,
  snapshot: DownloadsSnapshot,
  batchId: number,
  end: BatchFinished | null,
  failedOut: string | undefined,
): Promise<number> {
  const batch = snapshot.batches.find((b) => b.id === batchId)!;
  const items = snapshot.items.filter((i) => i.batchId === batchId);
  const problems = items.filter((i) => i.state !== 'completed');
  // Written first: a list asked for is there whatever the end (a pause included).
  if (failedOut !== undefined) {
    await writeFailedList(failedOut, problems);
    if (!ctx.json) {
      const listed = { count: problems.length, file: failedOut };
      note(ctx.io, ctx.words.t('cli.download.failedListed', listed));
    }
  }
  if (batch.state === 'paused') return pausedForDisk(ctx, batch);
  if (ctx.json) printJson(ctx.io, { event: 'finished', ...progressOf(batch) });
  else {
    const t = ctx.words;
    // Two statements, not one conditional: a conditional's type over every message is too big for tsc.
    if (end) note(ctx.io, t.say(batchFinishedSaid(end).body));
    else note(ctx.io, t.t('cli.download.soFar', soFar(batch)));
    for (const i of problems.slice(0, LISTED_PROBLEMS)) {
      const state = t.t('cli.download.itemState', { state: i.state });
      const why = i.messageSaid ? t.say(i.messageSaid) : i.message;
      note(ctx.io, `${i.name}: ${state}${why ? `: ${why}` : ''}`);
    }
    const listed = failedOut === undefined ? 'no' : 'yes';
    const more = { count: problems.length - LISTED_PROBLEMS, listed };
    if (more.count > 0) note(ctx.io, t.t('cli.download.more', more));
  }
  return problems.length === 0 ? 0 : 1;
}
