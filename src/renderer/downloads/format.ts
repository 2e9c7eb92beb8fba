import { formatBytes, formatDuration, leftDuration } from '../../shared/format.ts';
import { t } from '../lib/words.svelte.ts';

/** How sizes, speeds and remaining times read in the Downloads view. */
export function bytes(n: number | null): string {
  return n === null ? '?' : formatBytes(n);
}

export function speed(bytesPerSecond: number): string {
  return bytesPerSecond > 0 ? t('downloads.perSecond', { size: bytes(bytesPerSecond) }) : '';
}

/** "42 s left", "2 h 5 min left"; '' when unknown. */
export function eta(seconds: number | null): string {
  return seconds === null ? '' : t('downloads.left', { time: leftDuration(seconds) });
}

/** How long a batch took, from being added to its end: "in 4 s", "in 3 min 10 s", "in 2 h 5 min". */
export function took(createdAt: string, finishedAt: string): string {
  const seconds = (Date.parse(finishedAt) - Date.parse(createdAt)) / 1000;
  if (!Number.isFinite(seconds)) return '';
  return t('downloads.took', { duration: formatDuration(seconds) });
}

/** 0..100, or null while the size is unknown. */
export function percent(done: number, total: number | null): number | null {
  if (total === null || total === 0) return null;
  return Math.min(100, Math.floor((done / total) * 100));
}
