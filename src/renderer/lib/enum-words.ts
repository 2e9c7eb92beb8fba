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

export const URGENCY_WORDS: Record<AlertUrgency, MessageKey> = {
  past: 'alerts.urgency.past',
  future: 'alerts.urgency.future',
  expected: 'alerts.urgency.expected',
  immediate: 'alerts.urgency.immediate',
  unknown_urgency: 'alerts.urgency.unknown',
};

/** "uknown_severity" is the interface's own spelling. */
export const SEVERITY_WORDS: Record<AlertSeverity, MessageKey> = {
  minor: 'alerts.severity.minor',
  moderate: 'alerts.severity.moderate',
  severe: 'alerts.severity.severe',
  extreme: 'alerts.severity.extreme',
  uknown_severity: 'alerts.severity.unknown',
};

export const CERTAINTY_WORDS: Record<AlertCertainty, MessageKey> = {
  unlikely: 'alerts.certainty.unlikely',
  possible: 'alerts.certainty.possible',
  likely: 'alerts.certainty.likely',
  observed: 'alerts.certainty.observed',
  unknown_certainty: 'alerts.certainty.unknown',
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

export const SORT_KEY_WORDS: Record<SortKey, MessageKey> = {
  country: 'search.sort.country',
  state: 'search.sort.state',
  city: 'search.sort.city',
  region: 'search.sort.region',
  time: 'search.sort.time',
  distance: 'search.sort.distance',
  direction: 'search.sort.direction',
  status: 'search.sort.status',
  duration: 'search.sort.duration',
  start: 'search.sort.start',
  stop: 'search.sort.stop',
  event: 'search.sort.event',
  effective: 'search.sort.effective',
  expires: 'search.sort.expires',
  urgency: 'search.sort.urgency',
  severity: 'search.sort.severity',
  certainty: 'search.sort.certainty',
  name: 'search.sort.name',
  created_at: 'search.sort.created_at',
  updated_at: 'search.sort.updated_at',
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

/**
 * A value's words from the catalogue through `keys` (the service may send it capitalised): the
 * value itself when the list has no key for it, a dash when empty.
 */
export function sayValue(
  keys: Readonly<Record<string, MessageKey>>,
  value: string | null | undefined,
): string {
  if (!value) return '—';
  const key = keys[value] ?? keys[value.toLowerCase()];
  return key ? t(key) : value;
}
