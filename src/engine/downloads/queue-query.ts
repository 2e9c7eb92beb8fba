/**
 * "Download all N results" and `roadcam download --query`: every recording of a query queued
 * in one batch page by page, as the complete search returns them. The first files start while
 * the search goes on, and nothing holds a list of every recording: a batch of 50,000 held
 * 50,000 parsed recordings (~1.2 KB each) from the search's end to the batch's.
 */
import type { RecordingSearchParams } from '../../shared/api/index.ts';
import type { ApiClient } from '../api/client.ts';
import { said } from '../../shared/i18n/translator.ts';
import type { BatchFill, DownloadManager } from './manager.ts';
import type { NewBatchRequest } from './selection.ts';

export interface QueryBatchRequest extends Omit<NewBatchRequest, 'chosen' | 'label'> {
  query: RecordingSearchParams;
  /** Default: "N recordings" (N the service's count), or "Recording ID" for one. */
  label?: string | undefined;
}

/**
 * Queues the query's recordings as one batch (found again by `key` when given); resolves with
 * its id, or undefined when nothing matches (then no batch is made). A search that fails
 * half-way leaves the batch with the pages queued so far, and throws.
 */
export async function queueByQuery(
  manager: DownloadManager,
  client: ApiClient,
  request: QueryBatchRequest,
  signal?: AbortSignal,
): Promise<number | undefined> {
  const { query, label, ...destination } = request;
  let total = 0;
  let fill: BatchFill | undefined;
  try {
    await client.recordings.searchAll(query, {
      ...(signal ? { signal } : {}),
      onTotal: (count) => (total = count),
      onFeatures: (recordings) => {
        const named =
          total === 1
            ? said('downloads.label.recording', { id: recordings[0]!.id })
            : said('downloads.label.recordings', { count: total });
        fill ??= manager.openBatch({ ...destination, label: label ?? named });
        fill.add(recordings.map((recording) => ({ recordingId: recording.id, recording })));
      },
    });
  } finally {
    fill?.done();
  }
  return fill?.batchId;
}
