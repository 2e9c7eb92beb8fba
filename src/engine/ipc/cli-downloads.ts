/**
 * `roadcam download`'s channels: the app's download engine, with what the Downloads view has
 * no channel for (a batch found again by its key when the command is run again, the process's
 * own concurrency, signed URLs asked for beside the lookups).
 */
import type { RecordingSearchParams } from '../../shared/api/index.ts';
import type { CommandLineHandlers } from '../../shared/ipc/command-line.ts';
import type { ApiClient } from '../api/index.ts';
import type { DownloadManager, BatchFill } from '../downloads/manager.ts';
import { queueByQuery } from '../downloads/queue-query.ts';
import { lookUpIds, uniqueIds } from '../downloads/selection.ts';

type DownloadChannels =
  | 'cli.downloads.claim'
  | 'cli.downloads.open'
  | 'cli.downloads.fill'
  | 'cli.downloads.batch'
  | 'cli.downloads.summary';

export interface DownloadParts {
  client: ApiClient;
  dataDir: string;
  manager: DownloadManager;
  /** Starts the download engine (the command line's core starts it on first use). */
  start(): Promise<void>;
}

/** URLs of the first files asked for beside the lookups; the default concurrency's number. */
const WARMED_FIRST = 4;

export function downloadHandlers(
  parts: DownloadParts,
): Pick<CommandLineHandlers, DownloadChannels> {
  const { client, manager } = parts;
  /** Batches being filled, with what fills them: the ids in order and the template's clash rule. */
  const filling = new Map<number, { fill: BatchFill; ids: string[]; inOrder: boolean }>();
  let concurrency: number | undefined;

  return {
    'cli.downloads.claim': async (input) => {
      await parts.start();
      if (!manager.running) {
        throw new Error(
          `Another Roadcam process is downloading with this data folder (${parts.dataDir}); ` +
            'let it finish, or use another folder with ROADCAM_DATA_DIR.',
        );
      }
      concurrency = input.concurrency;
      manager.setConcurrency(concurrency);
      return null;
    },
    'cli.downloads.open': async ({ ids, query, ...destination }) => {
      if (query) {
        // Queued page by page as the search returns them (queue-query.ts).
        const request = { ...destination, query: query as RecordingSearchParams };
        const batchId = await queueByQuery(manager, client, request);
        if (batchId === undefined) throw new Error('No recording matches: nothing to download.');
        return { batchId };
      }
      const unique = uniqueIds(ids ?? []);
      if (unique.length === 0) throw new Error('No recording matches: nothing to download.');
      const fill = manager.openBatch(destination);
      // The first files' signed URLs are asked for beside their lookups, not after them: a
      // round trip less before the first byte (a URL no file comes to use costs nothing).
      for (const id of unique.slice(0, concurrency ?? WARMED_FIRST)) {
        for (const format of destination.formats) {
          manager.urls.warm({
            kind: 'recording',
            recording_id: id,
            format,
            collection_id: null,
            image: null,
          });
        }
      }
      // Where names can clash (no {recording_id}), the first id given keeps the plain name.
      const inOrder = !destination.template.includes('{recording_id}');
      filling.set(fill.batchId, { fill, ids: unique, inOrder });
      return { batchId: fill.batchId };
    },
    'cli.downloads.fill': async ({ batchId }) => {
      const open = filling.get(batchId);
      if (!open) return null;
      filling.delete(batchId);
      // Each recording's files start as soon as its own lookup returns. A lookup that fails
      // (not with a 404) ends the command; the batch keeps what was added, and running the
      // command again adds the rest (its key finds the batch).
      await lookUpIds(client, open.ids, (c) => open.fill.add([c]), { inOrder: open.inOrder });
      open.fill.done();
      return null;
    },
    'cli.downloads.batch': ({ batchId }) => manager.batchView(batchId) ?? null,
    'cli.downloads.summary': ({ batchId }) => manager.batchSnapshot(batchId),
  };
}
