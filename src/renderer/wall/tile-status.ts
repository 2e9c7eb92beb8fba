/**
 * What a tile says about its picture, as plain text (tested in Node): the state's label for
 * the pill, and, whenever the picture is not moving, how old the picture on screen is and why
 * ("Picture 14 s old: waiting for the network", "Stalled 40 s ago: reconnecting"). The age
 * counts from the last frame shown (video) or the image's capture time (still images).
 */
import { sayValue, type PlainKey } from '../lib/enum-words.ts';
import { t } from '../lib/words.svelte.ts';
import { clockIn, zoneName } from '../../shared/times.ts';
import { stateLabels, type TileState, type TileStateKind } from './watchdog.ts';

export interface TileStatus {
  /** The pill's text: the state, and a live video's delay when it is worth telling. */
  pill: string;
  /** The picture's age and why it is not moving; null while Live or when nothing was shown. */
  headline: string | null;
}

/** "14 s", "3 min", "2 h 5 min": an age a user reads at a glance. */
export function ageWords(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 90) return t('wall.age.seconds', { count: s });
  const min = Math.round(s / 60);
  if (min < 90) return t('wall.age.minutes', { count: min });
  const hours = Math.floor(min / 60);
  return min % 60 === 0
    ? t('wall.age.hours', { hours })
    : t('wall.age.hoursMinutes', { hours, minutes: min % 60 });
}

/** Why a picture that is not moving is not: the second half of the headline. */
const WHY: Partial<Record<TileStateKind, PlainKey>> = {
  buffering: 'wall.why.buffering',
  network: 'wall.why.network',
  stalled: 'wall.why.stalled',
  reconnecting: 'wall.why.reconnecting',
  offline: 'wall.why.offline',
  error: 'wall.why.error',
  stale: 'wall.why.stale',
};

/** Below this a picture is not frozen but stuttering: a frame now and then. */
const STUTTER_MS = 2000;

export function tileStatus(state: TileState, now: number): TileStatus {
  const label = sayValue(stateLabels, state.kind);
  const pill =
    state.kind === 'live' && state.behindS !== undefined
      ? t('wall.behind', { state: label, seconds: state.behindS })
      : label;
  const whyKey = WHY[state.kind];
  if (!whyKey || state.pictureAt === undefined) return { pill, headline: null };
  const why = (t as (key: PlainKey) => string)(whyKey);
  const ageMs = now - state.pictureAt;
  const age = ageWords(ageMs);
  const stopped = state.kind === 'stalled' || state.kind === 'reconnecting';
  const stutter = (state.kind === 'buffering' || state.kind === 'network') && ageMs < STUTTER_MS;
  const headline = stutter
    ? t('wall.headline.stutter', { why })
    : stopped
      ? t('wall.headline.stalled', { age, why })
      : t('wall.headline.old', { age, why });
  return { pill, headline };
}

/** When a still image was taken (or only fetched, when the service did not say). */
export interface PictureTime {
  at: number;
  taken: boolean;
}

/**
 * The still image's time under the picture, in the camera's zone: "Taken 14:03:00 MST · 40 s
 * ago", or on a small tile "14:03 · 40 s ago". Said beside the picture, never over it: cameras
 * print their own time on the image.
 */
export function captionWords(
  picture: PictureTime,
  now: number,
  zone: string,
  compact: boolean,
): string {
  const age = ageWords(now - picture.at);
  if (compact) return t('wall.caption.compact', { time: clockIn(picture.at, zone, false), age });
  const time = `${clockIn(picture.at, zone)} ${zoneName(picture.at, zone)}`;
  return t('wall.caption', { taken: picture.taken ? 'yes' : 'no', time, age });
}
