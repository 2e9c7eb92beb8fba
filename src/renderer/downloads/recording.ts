/** What the recording detail and the places that link to it share. */
import { t } from '../lib/words.svelte.ts';
import { formatDuration } from '../../shared/format.ts';

/** The detail's route, under Downloads (a recording is not a view of its own). */
export function recordingHref(id: string): string {
  return `#/downloads/recording/${encodeURIComponent(id)}`;
}

/** A service time as UTC, to the second: a recording's bounds are compared with other tools. */
export function utcTime(iso: string | null): string {
  if (iso === null || Number.isNaN(Date.parse(iso))) return t('downloads.notGiven');
  return `${new Date(iso).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** "5 min 30 s" from seconds (recordings run 1 s to 30 min, but a service may differ). */
export function duration(seconds: number): string {
  return seconds > 0 ? formatDuration(seconds) : t('downloads.notGiven');
}

/** The tags typed in the input: separated by commas, blanks and repeats (any case) dropped. */
export function typedTags(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of text.split(',')) {
    const tag = raw.trim();
    if (tag && !seen.has(tag.toLowerCase())) {
      seen.add(tag.toLowerCase());
      out.push(tag);
    }
  }
  return out;
}

/** Downloads' recording search for one camera (`/downloads?camera=ID`, for router.go). */
export function recordingsOfCameraRoute(cameraId: string): string {
  return `/downloads?camera=${encodeURIComponent(cameraId)}`;
}
