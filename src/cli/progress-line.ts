/**
 * The progress of a long command: on a terminal, a bar on one line that updates in place; when
 * stderr is a file or a pipe (CI logs), a plain line now and then, so a log of a batch of
 * 10,000 files holds a few hundred lines, not one per file.
 */
import { formatBytes, timeLeft } from '../shared/format.ts';
import { english } from '../shared/i18n/english.ts';
import type { Translator } from '../shared/i18n/translator.ts';
import type { Io } from './output.ts';

export interface Progress {
  done: number;
  total: number;
  bytesDone: number;
  bytesTotal: number;
  /** Bytes a second; 0 when nothing runs. */
  speed: number;
  etaSeconds: number | null;
  /** Items that failed so far, said beside the count. */
  failed: number;
}

const BAR = 24;

/** "412/10,000 files · 37 failed · 1.2 GB of 3.4 GB · 12.3 MB/s · 4 min left", in `words`. */
export function progressText(p: Progress, words: Translator = english): string {
  const parts = [words.t('cli.progress.files', { done: p.done, total: p.total })];
  if (p.failed > 0) parts.push(words.t('cli.progress.failed', { failed: p.failed }));
  const bytes = { done: formatBytes(p.bytesDone), total: formatBytes(p.bytesTotal) };
  parts.push(words.t('cli.progress.bytes', bytes));
  if (p.speed > 0) parts.push(words.t('cli.progress.speed', { speed: formatBytes(p.speed) }));
  const left = timeLeft(p.etaSeconds);
  if (left) parts.push(words.t('cli.progress.left', { time: left }));
  return parts.join(' · ');
}

/** `[#########---------------]  37%` by files, or by bytes once every size is known. */
export function progressBar(p: Progress): string {
  const share = p.total === 0 ? 0 : Math.min(1, p.done / p.total);
  const filled = Math.round(share * BAR);
  return `[${'#'.repeat(filled)}${'-'.repeat(BAR - filled)}] ${String(Math.floor(share * 100)).padStart(3)}%`;
}

export interface ProgressLine {
  update(p: Progress): void;
  done(): void;
}

/** On a terminal: the bar in place. Otherwise: a plain line at most every `everyMs`. */
export function progressLine(
  io: Io,
  everyMs = 10_000,
  now = () => Date.now(),
  words: Translator = english,
): ProgressLine {
  if (io.stderr.isTTY) {
    return {
      update: (p) => io.stderr.write(`\r\x1b[2K${progressBar(p)}  ${progressText(p, words)}`),
      done: () => io.stderr.write('\r\x1b[2K'),
    };
  }
  let lastAt = -Infinity;
  let last = '';
  return {
    update(p) {
      const text = progressText(p, words);
      if (now() - lastAt < everyMs || text === last) return;
      lastAt = now();
      last = text;
      io.stderr.write(`${text}\n`);
    },
    done() {},
  };
}
