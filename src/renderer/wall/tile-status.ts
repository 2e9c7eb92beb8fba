/**
 * What a tile says about its picture, as plain text (tested in Node): the state's label for
 * the pill, and, whenever the picture is not moving, how old the picture on screen is and why
 * ("Picture 14 s old: waiting for the network", "Stalled 40 s ago: reconnecting"). The age
 * counts from the last frame shown (video) or the image's capture time (still images).
 */
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
  if (s < 90) return `${s} s`;
  const min = Math.round(s / 60);
  if (min < 90) return `${min} min`;
  const h = Math.floor(min / 60);
  return min % 60 === 0 ? `${h} h` : `${h} h ${min % 60} min`;
}

/** Why a picture that is not moving is not: the second half of the headline. */
const WHY: Partial<Record<TileStateKind, (age: string) => string>> = {
  buffering: (age) => `Picture ${age} old: buffering`,
  network: (age) => `Picture ${age} old: waiting for the network`,
  stalled: (age) => `Stalled ${age} ago: reloading the stream`,
  reconnecting: (age) => `Stalled ${age} ago: reconnecting`,
  offline: (age) => `Picture ${age} old: the camera is offline`,
  error: (age) => `Picture ${age} old: the video failed`,
  stale: (age) => `Picture ${age} old: no newer image`,
};

export function tileStatus(state: TileState, now: number): TileStatus {
  const label = stateLabels[state.kind];
  const pill =
    state.kind === 'live' && state.behindS !== undefined
      ? `${label} · ${state.behindS} s behind`
      : label;
  const why = WHY[state.kind];
  const headline =
    why && state.pictureAt !== undefined ? why(ageWords(now - state.pictureAt)) : null;
  return { pill, headline };
}
