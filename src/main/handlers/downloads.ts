import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import type { RecordingSearchParams } from '../../shared/api/index.ts';
import {
  DEFAULT_TEMPLATE,
  type downloadsChannels,
  type DownloadBatchView,
} from '../../shared/ipc/downloads.ts';
import { defaultDownloadFolder } from '../downloads/for-core.ts';
import {
  chooseByIds,
  chooseByQuery,
  chooseByRecording,
  type Chosen,
  type Destination,
} from '../downloads/selection.ts';
import type { GroupHandlers, HandlerContext } from './context.ts';

export function downloadsHandlers(ctx: HandlerContext): GroupHandlers<typeof downloadsChannels> {
  const manager = ctx.downloads;

  const destination = async (input: {
    formats: Destination['formats'];
    folder?: string | undefined;
    template?: string | undefined;
    existing?: Destination['existing'] | undefined;
  }): Promise<Destination> => {
    const folder = input.folder?.trim() || defaultDownloadFolder(ctx.settings.get().downloadFolder);
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

  return {
    'downloads.list': ({ state }) => manager.snapshot(state),
    'downloads.searchRecordings': (query) =>
      ctx.client.recordings.search(query as RecordingSearchParams),
    'downloads.add': async (input) => {
      const d = await destination(input);
      const chosen = input.recordingIds?.length
        ? await chooseByIds(ctx.client, input.recordingIds)
        : await chooseByQuery(ctx.client, input.query as RecordingSearchParams);
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
}
