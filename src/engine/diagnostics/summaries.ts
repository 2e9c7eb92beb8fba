/** Lines the log keeps for support: how the service was reached, how a download batch ended. */
import { formatBytes, formatDuration } from '../../shared/format.ts';
import type { AppStatus } from '../../shared/ipc/app.ts';
import type { DownloadBatchView } from '../../shared/ipc/downloads.ts';
import type { LogLevel } from '../log.ts';

export interface LevelledLine {
  text: string;
  level: LogLevel;
}

/**
 * The service as the connection checks find it, said once when first known and again at each
 * change (reachable, unreachable), not at every check. `service` is its address without query.
 */
export class ServiceWatch {
  #online: boolean | null = null;
  readonly #service: string;

  constructor(service: string) {
    this.#service = service;
  }

  lines(status: AppStatus): LevelledLine[] {
    if (status.checkedAt === null || status.online === this.#online) return [];
    const first = this.#online === null;
    this.#online = status.online;
    const which = `${this.#service} (${status.mode === 'demo' ? 'the embedded demo service' : 'account'}, interface /v1)`;
    if (status.online) {
      const seconds = Math.round(status.clockOffsetMs / 1000);
      const clock =
        Math.abs(seconds) >= 60
          ? `; its clock is ${Math.abs(seconds)} s ${seconds > 0 ? 'ahead of' : 'behind'} this computer's`
          : '';
      return [{ text: `service reachable: ${which}${clock}`, level: 'info' }];
    }
    return [
      {
        text: `service ${first ? 'not reachable' : 'no longer reachable'}: ${which}: ${status.offlineReason ?? 'no reason given'}; the connection report (Settings > Network, or roadcam doctor) checks each step`,
        level: 'warn',
      },
    ];
  }
}

/** "download batch 12 "Colorado, May" completed: 40 done, 2 failed; 1.2 GB in 3 min 2 s". */
export function batchSummary(batch: DownloadBatchView): string {
  const counts = Object.entries(batch.counts)
    .filter(([, n]) => n > 0)
    .map(([state, n]) => `${n} ${state}`)
    .join(', ');
  const tookMs = batch.finishedAt
    ? Date.parse(batch.finishedAt) - Date.parse(batch.createdAt)
    : Number.NaN;
  const took = Number.isFinite(tookMs) ? ` in ${formatDuration(tookMs / 1000)}` : '';
  const why = batch.message ? `; ${batch.message}` : '';
  return `download batch ${batch.id} ${JSON.stringify(batch.label)} ${batch.state}: ${batch.items} files (${counts || 'none'}); ${formatBytes(batch.bytesDone)}${took}${why}`;
}

/** What the page sends (diagnostics.rendererError), already bounded by the contract. */
export interface PageError {
  kind: 'error' | 'rejection';
  message: string;
  source?: string;
  stack?: string;
}

/**
 * A page's error as one log line, its stack indented under it. The page is not trusted: control
 * characters become spaces, so a message cannot forge a line of its own ("\n<time> core
 * stopped"), and each text is cut to a length worth reading.
 */
export function pageErrorLine({ kind, message, source, stack }: PageError): string {
  const where = source ? ` at ${oneLine(source.slice(0, 500))}` : '';
  const trace = stack
    ? stack
        .slice(0, 4000)
        .split('\n')
        .map((frame) => `\n    ${oneLine(frame.trim())}`)
        .join('')
    : '';
  const what = kind === 'error' ? 'error' : 'unhandled rejection';
  return `renderer ${what}: ${oneLine(message.slice(0, 2000))}${where}${trace}`;
}

function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is replaced
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ');
}
