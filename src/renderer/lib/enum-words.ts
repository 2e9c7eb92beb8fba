/**
 * Words for values where a person chooses among them (filters, sort orders, map layers) or reads
 * them (states, severities, directions): one way for all, here and in the views, a map of each
 * value's catalogue key (`ValueKeys`, over the list's own type, so a value added without its
 * words fails the type check) read by `sayValue`.
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

/** A message without parameters: the words of one value. */
export type PlainKey = {
  [K in MessageKey]: MessageParamsOf<K> extends [] ? K : never;
}[MessageKey];

/**
 * Each value's catalogue key. The words are read through `sayValue` when drawn, so a change of
 * language shows at once; a key that takes parameters, or a value without its key, is a type
 * error.
 */
export type ValueKeys<V extends string> = Readonly<Record<V, PlainKey>>;

export const URGENCY_WORDS: ValueKeys<AlertUrgency> = {
  past: 'alerts.urgency.past',
  future: 'alerts.urgency.future',
  expected: 'alerts.urgency.expected',
  immediate: 'alerts.urgency.immediate',
  unknown_urgency: 'alerts.urgency.unknown',
};

/** "uknown_severity" is the interface's own spelling. */
export const SEVERITY_WORDS: ValueKeys<AlertSeverity> = {
  minor: 'alerts.severity.minor',
  moderate: 'alerts.severity.moderate',
  severe: 'alerts.severity.severe',
  extreme: 'alerts.severity.extreme',
  uknown_severity: 'alerts.severity.unknown',
};

export const CERTAINTY_WORDS: ValueKeys<AlertCertainty> = {
  unlikely: 'alerts.certainty.unlikely',
  possible: 'alerts.certainty.possible',
  likely: 'alerts.certainty.likely',
  observed: 'alerts.certainty.observed',
  unknown_certainty: 'alerts.certainty.unknown',
};

export const RECORDING_STATUS_WORDS: ValueKeys<RecordingStatus> = {
  complete: 'downloads.recording.complete',
  submitted: 'downloads.recording.submitted',
  failed: 'downloads.recording.failed',
};

export const DOWNLOAD_STATE_WORDS: ValueKeys<DownloadState> = {
  queued: 'downloads.state.queued',
  waiting: 'downloads.state.waiting',
  downloading: 'downloads.state.downloading',
  paused: 'downloads.state.paused',
  completed: 'downloads.state.completed',
  failed: 'downloads.state.failed',
  canceled: 'downloads.state.canceled',
};

type SortKey = (typeof SORT_KEYS)[keyof typeof SORT_KEYS][number];

export const SORT_KEY_WORDS: ValueKeys<SortKey> = {
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

/**
 * A value's words, read anew each time (a change of language shows at once): typed values
 * (`sayValue(DOWNLOAD_STATE_WORDS, item.state)`) and values a service sent, which may be
 * outside the list or spelt otherwise ("Severe"): the value itself when the list has no key
 * for it, a dash when empty.
 */
export function sayValue(
  keys: Readonly<Record<string, PlainKey>>,
  value: string | null | undefined,
): string {
  if (!value) return '—';
  const key = keys[value] ?? keys[value.toLowerCase()];
  return key ? (t as (key: PlainKey) => string)(key) : value;
}
