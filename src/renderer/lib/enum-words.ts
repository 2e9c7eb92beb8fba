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

export const RECORDING_STATUS_WORDS: Record<RecordingStatus, string> = {
  complete: 'Complete',
  submitted: 'Being made',
  failed: 'Failed',
};

export const DOWNLOAD_STATE_WORDS: Record<DownloadState, string> = {
  queued: 'Queued',
  waiting: 'Waiting',
  downloading: 'Downloading',
  paused: 'Paused',
  completed: 'Completed',
  failed: 'Failed',
  canceled: 'Canceled',
};

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
