import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import {
  DEFAULT_TEMPLATE,
  type downloadsChannels,
  type DownloadBatchView,
} from '../../shared/ipc/downloads.ts';
import type { Settings } from '../../shared/settings.ts';
import { DownloadManager } from '../downloads/manager.ts';
import {
  chooseByIds,
  chooseByQuery,
  chooseByRecording,
  type Chosen,
  type Destination,
} from '../downloads/selection.ts';
import type { ChannelsIn, CoreParts, Feature } from './feature.ts';
import { Disposables } from './disposables.ts';

type DownloadsParts = Pick<
  CoreParts,
  'client' | 'dataDir' | 'db' | 'desktop' | 'folders' | 'hub' | 'log' | 'service' | 'settings'
>;

/**
 * The download queue: one manager per core, which `roadcam download` drives directly and the
 * collections sync uses. It starts running the queue (resuming what a restart interrupted) at
 * start, and stops its transfers, keeping their .part files, at close.
 */
export function downloadsFeature(
  ctx: DownloadsParts,
): Feature<ChannelsIn<typeof downloadsChannels>> & { manager: DownloadManager } {
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

  const destination = async (input: {
    formats: Destination['formats'];
    folder?: string | undefined;
    template?: string | undefined;
    existing?: Destination['existing'] | undefined;
  }): Promise<Destination> => {
    const folder = input.folder?.trim() || ctx.folders().downloads;
    if (!isAbsolute(folder)) {
      throw new RangeError(`The destination folder must be a full path, not "${folder}".`);
    }
    await mkdir(folder, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
      throw new Error(`Cannot create the folder ${folder} (${error.code}): choose another one.`);
    });
    return {
      formats: input.formats,
      folder,
      template: input.template ?? DEFAULT_TEMPLATE,
      existing: input.existing ?? 'skip',
    };
  };

  const create = (label: string, d: Destination, chosen: Chosen[]): DownloadBatchView => {
    if (chosen.length === 0) throw new RangeError('No recording matches: nothing to download.');
    return manager.createBatch({ ...d, label, chosen });
  };

  const handlers: Feature<ChannelsIn<typeof downloadsChannels>>['handlers'] = {
    'downloads.list': ({ state }) => manager.snapshot(state),
    'downloads.searchRecordings': (query) => ctx.client.recordings.search(query),
    'downloads.add': async (input) => {
      const d = await destination(input);
      // The schema asks for one of the two; without either nothing matches.
      const chosen = input.recordingIds?.length
        ? await chooseByIds(ctx.client, input.recordingIds)
        : input.query
          ? await chooseByQuery(ctx.client, input.query)
          : [];
      const label =
        input.label ??
        (chosen.length === 1
          ? `Recording ${chosen[0]!.recordingId}`
          : `${chosen.length} recordings`);
      return create(label, d, chosen);
    },
    'downloads.record': async (input) => {
      const d = await destination(input);
      const chosen = await chooseByRecording(ctx.client, input.cameraId, input.start, input.stop);
      return create(
        input.label ?? `Camera ${input.cameraId}, ${input.start} to ${input.stop}`,
        d,
        chosen,
      );
    },
    'downloads.pause': (scope) => ({ changed: manager.pause(scope) }),
    'downloads.resume': (scope) => ({ changed: manager.resume(scope) }),
    'downloads.cancel': (scope) => ({ changed: manager.cancel(scope) }),
    'downloads.retry': (scope) => ({ changed: manager.retry(scope) }),
    'downloads.clear': ({ batchId }) => ({ removed: manager.clear(batchId) }),
    'downloads.open': async ({ itemId, folder }) => {
      const path = manager.filePath(itemId);
      if (!existsSync(path)) {
        throw new Error(`${path} is no longer there: it was moved or deleted.`);
      }
      const opener = ctx.desktop;
      if (!opener) return { opened: false, path };
      if (folder) opener.showItemInFolder(path);
      else {
        const problem = await opener.openPath(path);
        if (problem) throw new Error(`Could not open ${path}: ${problem}`);
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
