/**
 * Words for the interface's values where a person chooses among them (filters, sort orders) or
 * reads them: every value of each list has one (the Records are over the lists' own types, so
 * a value added to a list without its words fails the type check).
 */
import type {
  AlertCertainty,
  AlertSeverity,
  AlertUrgency,
  RecordingStatus,
} from '../../shared/api/index.ts';
import type { SORT_KEYS } from '../../shared/api/index.ts';
import type { DownloadState } from '../../shared/ipc/downloads.ts';
import type { MessageKey, MessageParamsOf } from '../../shared/i18n/translator.ts';
import { t } from './words.svelte.ts';

/** A message without parameters. */
type PlainKey = { [K in MessageKey]: MessageParamsOf<K> extends [] ? K : never }[MessageKey];

/**
 * Each value's words from its catalogue key, read anew each time: a change of language shows
 * at once wherever they are read in a template.
 */
export function catalogueWords<V extends string>(keys: Record<V, PlainKey>): Record<V, string> {
  const words = {} as Record<V, string>;
  const say = t as (key: PlainKey) => string;
  for (const [value, key] of Object.entries(keys) as [V, PlainKey][]) {
    Object.defineProperty(words, value, { get: () => say(key), enumerable: true });
  }
  return words;
}

export const URGENCY_WORDS: Record<AlertUrgency, string> = {
  past: 'Past',
  future: 'Future',
  expected: 'Expected soon',
  immediate: 'Immediate',
  unknown_urgency: 'Urgency not given',
};

/** "uknown_severity" is the interface's own spelling. */
export const SEVERITY_WORDS: Record<AlertSeverity, string> = {
  minor: 'Minor',
  moderate: 'Moderate',
  severe: 'Severe',
  extreme: 'Extreme',
  uknown_severity: 'Severity not given',
};

export const CERTAINTY_WORDS: Record<AlertCertainty, string> = {
  unlikely: 'Unlikely',
  possible: 'Possible',
  likely: 'Likely',
  observed: 'Observed',
  unknown_certainty: 'Certainty not given',
};

export const RECORDING_STATUS_WORDS: Record<RecordingStatus, string> = catalogueWords({
  complete: 'downloads.recording.complete',
  submitted: 'downloads.recording.submitted',
  failed: 'downloads.recording.failed',
});

export const DOWNLOAD_STATE_WORDS: Record<DownloadState, string> = catalogueWords({
  queued: 'downloads.state.queued',
  waiting: 'downloads.state.waiting',
  downloading: 'downloads.state.downloading',
  paused: 'downloads.state.paused',
  completed: 'downloads.state.completed',
  failed: 'downloads.state.failed',
  canceled: 'downloads.state.canceled',
});

type SortKey = (typeof SORT_KEYS)[keyof typeof SORT_KEYS][number];

export const SORT_KEY_WORDS: Record<SortKey, string> = {
  country: 'Country',
  state: 'State',
  city: 'City',
  region: 'Region',
  time: 'Time',
  distance: 'Distance',
  direction: 'Direction',
  status: 'Status',
  duration: 'Duration',
  start: 'Start',
  stop: 'End',
  event: 'Event',
  effective: 'Effective from',
  expires: 'Expires',
  urgency: 'Urgency',
  severity: 'Severity',
  certainty: 'Certainty',
  name: 'Name',
  created_at: 'Created',
  updated_at: 'Last updated',
};

/** A value's words from `words` (the service may send it capitalised), else the value itself. */
export function valueWords(words: Record<string, string>, value: string): string {
  return words[value] ?? words[value.toLowerCase()] ?? value;
}

/**
 * The words for a value a service sent, which may be outside the interface's list or spelt
 * otherwise ("Severe"): the value itself when the list has no words for it, a dash when empty.
 */
export function wordsFor(
  words: Readonly<Record<string, string>>,
  value: string | null | undefined,
) {
  if (!value) return '—';
  return words[value] ?? words[value.toLowerCase()] ?? value;
}
