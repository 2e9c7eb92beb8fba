/**
 * A tour's words in the user's language, made when drawn: its source as a noun ("the
 * favourites", "route Home to work") and why a step was skipped. The tour's pure parts
 * (tour-schedule.ts, src/shared/tour.ts) say what happened; this file says it.
 */
import type { TourSource } from '../../shared/tour.ts';
import { t } from '../lib/words.svelte.ts';
import type { SkipReason } from './tour-schedule.ts';

/** The source, for "Touring {source}" and "Could not start the tour of {source}". */
export function tourSourceWords(source: TourSource): string {
  const count = source.kind === 'cameras' ? source.ids.length : 0;
  return t('wall.tour.source', { kind: source.kind, count, name: sourceName(source) });
}

/** The name the source's words quote: a collection's id, a search's words, a route's name. */
function sourceName(source: TourSource): string {
  switch (source.kind) {
    case 'collection':
      return source.id;
    case 'search':
      return source.q;
    case 'route':
      return source.name;
    default:
      return '';
  }
}

/** Why a step was skipped, as a clause ("its image arrived cut off"), without a final stop. */
export function skipReasonWords(reason: SkipReason): string {
  switch (reason.kind) {
    case 'late':
      return t('wall.tour.skip.late', { seconds: reason.seconds });
    case 'cutOff':
      return t('wall.tour.skip.cutOff');
    case 'undecodable':
      return t('wall.tour.skip.undecodable', { detail: reason.detail });
    case 'emptyPage':
      return t('wall.tour.skip.emptyPage');
    case 'refused':
      // The request's own words may end a sentence: the skipped notice ends it once.
      return reason.words().replace(/\.+$/, '');
  }
}
