/**
 * What the tray icon (the menu bar on macOS) says of the downloads and what its menu offers:
 * one line of progress (its tooltip and the menu's first, disabled item), Pause all and Resume
 * all when there is something to pause or resume, Open Roadcam and Quit. Plain data from the
 * downloads' own views: the Electron glue (src/desktop/electron/tray.ts) builds the menu from it.
 */
import { formatBytes } from '../../shared/format.ts';
import { english } from '../../shared/i18n/english.ts';
import type { Translator } from '../../shared/i18n/translator.ts';
import type {
  DownloadBatchView,
  DownloadsSnapshot,
  DownloadsUpdate,
} from '../../shared/ipc/downloads.ts';
import { TaskbarProgress, type TaskbarState } from './taskbar.ts';

export type TrayAction = 'pauseAll' | 'resumeAll' | 'open' | 'quit';

export type TrayMenuItem =
  | { kind: 'status'; label: string }
  | { kind: 'separator' }
  | { kind: 'action'; action: TrayAction; label: string; enabled: boolean };

export interface TrayState {
  /** "Downloading 3 batches · 41% · 12 MB/s", "No downloads": the tooltip and first item. */
  status: string;
  /** The status within the 127 characters a Windows tray tooltip holds. */
  tooltip: string;
  /** Batches with files still to fetch: closing the window keeps them going in the tray. */
  running: number;
  menu: TrayMenuItem[];
}

/** A batch with files queued, waiting or downloading: what Pause all stops. */
export function isRunning(batch: DownloadBatchView): boolean {
  return (
    batch.state === 'active' &&
    batch.counts.queued + batch.counts.waiting + batch.counts.downloading > 0
  );
}

/** Keeps the batches and the taskbar's figures in step with the throttled updates. */
export class TrayProgress {
  readonly #taskbar: TaskbarProgress;
  readonly #batches = new Map<number, DownloadBatchView>();

  constructor(snapshot: DownloadsSnapshot) {
    this.#taskbar = new TaskbarProgress(snapshot);
    for (const batch of snapshot.batches) this.#batches.set(batch.id, batch);
  }

  update(update: DownloadsUpdate, words: Translator = english): TrayState {
    this.#taskbar.update(update);
    for (const batch of update.batches) this.#batches.set(batch.id, batch);
    for (const id of update.removedBatches) this.#batches.delete(id);
    return this.state(words);
  }

  /** The figures and the menu in `words` (the shell's language; English for logs and tests). */
  state(words: Translator = english): TrayState {
    const batches = [...this.#batches.values()];
    const running = batches.filter(isRunning);
    const status = statusLine(words, this.#taskbar.state(), running);
    const pausable = running.length > 0;
    const resumable = batches.some(
      (b) => (b.state === 'active' || b.state === 'paused') && b.counts.paused > 0,
    );
    return {
      status,
      tooltip: status.length > 127 ? `${status.slice(0, 126)}…` : status,
      running: running.length,
      menu: [
        { kind: 'status', label: status },
        { kind: 'separator' },
        {
          kind: 'action',
          action: 'pauseAll',
          label: words.t('desktop.tray.pauseAll'),
          enabled: pausable,
        },
        {
          kind: 'action',
          action: 'resumeAll',
          label: words.t('desktop.tray.resumeAll'),
          enabled: resumable,
        },
        { kind: 'separator' },
        ...alwaysThere(words),
      ],
    };
  }
}

/** Open Roadcam and Quit Roadcam: in the menu from the start, before any figure. */
export function alwaysThere(words: Translator): TrayMenuItem[] {
  return [
    { kind: 'action', action: 'open', label: words.t('desktop.tray.open'), enabled: true },
    { kind: 'action', action: 'quit', label: words.t('desktop.role.quit'), enabled: true },
  ];
}

function statusLine(
  words: Translator,
  taskbar: TaskbarState,
  running: DownloadBatchView[],
): string {
  if (taskbar.mode === 'none') return words.t('desktop.tray.none');
  // A per cent only when the taskbar knows one: before any file is done it says nothing.
  const percent =
    taskbar.mode === 'indeterminate' || taskbar.fraction === null
      ? null
      : words.t('desktop.tray.percent', { fraction: Math.floor(taskbar.fraction * 100) / 100 });
  if (running.length === 0) {
    const paused = words.t('desktop.tray.paused', { count: taskbar.unfinished });
    return [paused, percent, taskbar.note].filter((part) => part !== null).join(' · ');
  }
  const speed = running.reduce((total, b) => total + b.speed, 0);
  return [
    words.t('desktop.tray.downloading', { count: running.length }),
    percent ?? words.t('desktop.tray.percentStarting'),
    speed > 0 ? words.t('desktop.tray.speed', { speed: formatBytes(speed) }) : null,
  ]
    .filter((part) => part !== null)
    .join(' · ');
}
