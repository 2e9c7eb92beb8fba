import { isoFromMs } from '../../shared/times.ts';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import {
  DEFAULT_TEMPLATE,
  type downloadsChannels,
  type DownloadBatchView,
} from '../../shared/ipc/downloads.ts';
import type { RecordCamerasResult } from '../../shared/ipc/recordings.ts';
import type { Settings } from '../../shared/settings.ts';
import { SaidError } from '../../shared/i18n/said-error.ts';
import { said } from '../../shared/i18n/translator.ts';
import type { DownloadWords } from '../downloads/reasons.ts';
import { DownloadManager } from '../downloads/manager.ts';
import { checkTemplate } from '../downloads/naming.ts';
import { createPieces, planPieces, RECORD_TAG } from '../downloads/record-cameras.ts';
import { queueByQuery } from '../downloads/queue-query.ts';
import { chooseByIds, type Chosen, type Destination } from '../downloads/selection.ts';
import type { ChannelsIn, CoreParts, Feature } from './feature.ts';
import { Disposables } from './disposables.ts';

type DownloadsParts = Pick<
  CoreParts,
  | 'client'
  | 'consent'
  | 'dataDir'
  | 'db'
  | 'desktop'
  | 'folders'
  | 'hub'
  | 'log'
  | 'service'
  | 'settings'
>;

/** Its own channels, and recordings of many cameras, which end in a batch of its queue. */
type DownloadsChannels = ChannelsIn<typeof downloadsChannels> | 'recordings.createMany';

/** Where a batch goes, as the channels give it (folder and template optional). */
interface DestinationInput {
  formats: Destination['formats'];
  folder?: string | undefined;
  template?: string | undefined;
  existing?: Destination['existing'] | undefined;
}

interface RecordRequest extends DestinationInput {
  cameraIds: string[];
  start?: string | undefined;
  stop?: string | undefined;
  lastMinutes?: number | undefined;
  label?: string | undefined;
}

/**
 * The download queue: one manager per core, which `roadcam download` drives directly and the
 * collections sync uses. It starts running the queue (resuming what a restart interrupted) at
 * start, and stops its transfers, keeping their .part files, at close. It also records cameras
 * for a period and downloads the recordings once made (`recordings.createMany`, one camera or
 * many).
 */
export function downloadsFeature(
  ctx: DownloadsParts,
): Feature<DownloadsChannels> & { manager: DownloadManager } {
  // Read on every chunk by the speed limit, so kept in memory and refreshed by the event.
  let settings: Settings = ctx.settings.get();
  const manager = new DownloadManager({
    db: ctx.db,
    client: ctx.client,
    service: ctx.service.key,
    dataDir: ctx.dataDir,
    settings: () => settings,
    onUpdate: (update) => ctx.hub.emit('downloads.update', update),
    onBatchFinished: (event) => ctx.hub.emit('downloads.batchFinished', event),
    log: ctx.log,
  });
  const running = new Disposables();

  const destination = (input: DestinationInput) =>
    destinationOf(input, ctx.folders().downloads, (folder, existing, downloads) =>
      ctx.consent.batch(folder, existing, downloads),
    );

  const create = (label: DownloadWords, d: Destination, chosen: Chosen[]): DownloadBatchView => {
    if (chosen.length === 0) throw new SaidError(said('downloads.refused.noMatch'));
    return manager.createBatch({ ...d, label, chosen });
  };

  /** Creates every camera's recordings of the period, then one batch for all their files. */
  const record = async (input: RecordRequest): Promise<RecordCamerasResult> => {
    const d = await destination(input);
    // Before any recording is made: a wrong template would leave them without a batch.
    checkTemplate(d.template);
    const { start, stop } = periodOf(input, await ctx.client.serviceNowKnown());
    const pieces = planPieces(input.cameraIds, start, stop);
    const outcomes = await createPieces(ctx.client, pieces, { tags: RECORD_TAG });
    const cameras = new Set(pieces.map((p) => p.cameraId));
    const label =
      input.label ??
      said('downloads.label.record', {
        cameras: cameras.size,
        camera: pieces[0]!.cameraId,
        start,
        stop,
      });
    const batch = create(
      label,
      d,
      outcomes.map((o) => o.chosen),
    );
    return { batch, recordings: outcomes.map(({ chosen: _, ...made }) => made) };
  };

  const handlers: Feature<DownloadsChannels>['handlers'] = {
    'downloads.list': ({ state }) => manager.snapshot(state),
    'downloads.add': async (input) => {
      const d = await destination(input);
      if (!input.recordingIds?.length && input.query) {
        // Queued page by page as the search returns them (queue-query.ts).
        const request = { ...d, label: input.label, query: input.query };
        const batchId = await queueByQuery(manager, ctx.client, request);
        if (batchId === undefined) throw new SaidError(said('downloads.refused.noMatch'));
        return manager.batchView(batchId)!;
      }
      // The schema asks for one of the two; without either nothing matches.
      const chosen = input.recordingIds?.length
        ? await chooseByIds(ctx.client, input.recordingIds)
        : [];
      const label = input.label ?? labelOf(chosen);
      return create(label, d, chosen);
    },
    'recordings.createMany': (input) => record(input),
    'downloads.pause': (scope) => ({ changed: manager.pause(scope) }),
    'downloads.resume': (scope) => ({ changed: manager.resume(scope) }),
    'downloads.cancel': (scope) => ({ changed: manager.cancel(scope) }),
    'downloads.retry': (scope) => ({ changed: manager.retry(scope) }),
    'downloads.clear': ({ batchId }) => ({ removed: manager.clear(batchId) }),
    'downloads.open': async ({ itemId, folder }) => {
      const path = manager.filePath(itemId);
      if (!existsSync(path)) {
        throw new SaidError(said('downloads.refused.gone', { path }));
      }
      const opener = ctx.desktop;
      if (!opener) return { opened: false, path };
      if (folder) opener.showItemInFolder(path);
      else {
        const problem = await opener.openPath(path);
        if (problem)
          throw new SaidError(said('datasets.refused.cannotOpen', { folder: path, problem }));
      }
      return { opened: true, path };
    },
  };

  return {
    name: 'downloads',
    handlers,
    manager,
    start() {
      manager.start();
      running.add(() => manager.close());
      running.add(
        ctx.hub.on('settings.changed', (next) => {
          settings = next;
          manager.nudge();
        }),
      );
    },
    close: () => running.dispose(),
  };
}

async function destinationOf(
  input: DestinationInput,
  downloads: string,
  agree: (folder: string, existing: Destination['existing'], downloads: string) => Promise<void>,
): Promise<Destination> {
  const folder = input.folder?.trim() || downloads;
  if (!isAbsolute(folder)) {
    throw new SaidError(said('downloads.refused.notFullPath', { folder }));
  }
  const existing = input.existing ?? 'skip';
  // Before the folder is made: a folder the user did not choose is not even created.
  await agree(folder, existing, downloads);
  await mkdir(folder, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
    const code = error.code ?? error.message;
    throw new SaidError(said('datasets.refused.cannotCreate', { folder, code }));
  });
  return {
    formats: input.formats,
    folder,
    template: input.template ?? DEFAULT_TEMPLATE,
    existing,
  };
}

/** The period asked for: as given, or the last minutes before now on the service's clock. */
function periodOf(
  input: {
    start?: string | undefined;
    stop?: string | undefined;
    lastMinutes?: number | undefined;
  },
  serviceNow: number,
): { start: string; stop: string } {
  if (input.lastMinutes === undefined) return { start: input.start!, stop: input.stop! };
  // Whole seconds: the service reads its times to the second.
  const stop = Math.floor(serviceNow / 1000) * 1000;
  return { start: isoFromMs(stop - input.lastMinutes * 60_000), stop: isoFromMs(stop) };
}

/** A batch of chosen recordings, named by what it holds: "Recording r1", "3 recordings". */
function labelOf(chosen: readonly Chosen[]): DownloadWords {
  return chosen.length === 1
    ? said('downloads.label.recording', { id: chosen[0]!.recordingId })
    : said('downloads.label.recordings', { count: chosen.length });
}
