import {
  DOWNLOAD_STATES,
  type DownloadBatchView,
  type DownloadState,
} from '../../src/shared/ipc/downloads.ts';

/** A download batch as the Downloads view gets it, with these counts, bytes and speed. */
export function batchView(
  id: number,
  state: DownloadBatchView['state'],
  counts: Partial<Record<DownloadState, number>>,
  bytes: [done: number, total: number] = [0, 0],
  speed = 0,
): DownloadBatchView {
  const all = Object.fromEntries(DOWNLOAD_STATES.map((s) => [s, counts[s] ?? 0])) as Record<
    DownloadState,
    number
  >;
  return {
    id,
    label: `batch ${id}`,
    labelSaid: null,
    folder: '/data',
    template: '{recording_id}.{format}',
    existing: 'skip',
    state,
    messageSaid: null,
    message: null,
    spaceNeeded: null,
    createdAt: '2026-11-21T10:00:00Z',
    finishedAt: null,
    counts: all,
    items: Object.values(all).reduce((a, b) => a + b, 0),
    bytesDone: bytes[0],
    bytesTotal: bytes[1],
    speed,
    etaSeconds: null,
    limitedBy: null,
  };
}
