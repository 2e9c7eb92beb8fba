/**
 * Display numbers and a wall's display: what the user types (`--display 2`, `&display=2`) and
 * what a restart finds. Numbers are 1-based, left to right (then top to bottom) as the displays
 * are arranged, because that is how a control room points at its screens; Electron's own ids
 * mean nothing to a person. Pure, so that it is tested without Electron.
 */
import { english } from '../shared/i18n/english.ts';
import type { Translator } from '../shared/i18n/translator.ts';
import type { ScreenBounds, WallScreen } from '../shared/wall-screens.ts';

/** The language a notice is worded in: the shell's for a person, English for the log. */
export type DisplayWords = Pick<Translator, 't'>;

export interface DisplayPlace {
  id: number;
  bounds: ScreenBounds;
}

/** The displays in the order their numbers follow: left to right, then top to bottom. */
export function displaysLeftToRight<T extends DisplayPlace>(displays: readonly T[]): T[] {
  return [...displays].sort((a, b) => a.bounds.x - b.bounds.x || a.bounds.y - b.bounds.y);
}

/** "1: 1920×1080 at 0,0; 2: 2560×1440 at 1920,0": the displays as their numbers name them. */
export function describeDisplays(
  displays: readonly DisplayPlace[],
  words: DisplayWords = english,
): string {
  return displaysLeftToRight(displays)
    .map((d, i) => `${i + 1}: ${describeBounds(d.bounds, words)}`)
    .join('; ');
}

function describeBounds(bounds: ScreenBounds, words: DisplayWords): string {
  return words.t('desktop.wall.bounds', { ...bounds });
}

export type DisplayChoice<T> = { display: T } | { refused: string };

/** Display number `text` (as typed), or why there is none, with the displays that exist. */
export function displayByNumber<T extends DisplayPlace>(
  displays: readonly T[],
  text: string,
  words: DisplayWords = english,
): DisplayChoice<T> {
  const ordered = displaysLeftToRight(displays);
  const number = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
  const display = number >= 1 ? ordered[number - 1] : undefined;
  if (display) return { display };
  return { refused: noDisplay(ordered, text, words) };
}

/** Why display `text` is not one, with the displays that exist. */
export function noDisplay(
  displays: readonly DisplayPlace[],
  text: string,
  words: DisplayWords = english,
): string {
  return words.t('desktop.wall.noDisplay', {
    typed: JSON.stringify(text.slice(0, 20)),
    count: displays.length,
    displays: describeDisplays(displays, words),
  });
}

export interface WallPlace<T> {
  display: T;
  /** Why the wall is not where it was remembered, in words; null when it is. */
  notice: string | null;
}

/**
 * Where a remembered wall opens: its display by id, else one with the same bounds (the id
 * changes when a display is plugged into another port), else the main display with a notice.
 */
export function placeWall<T extends DisplayPlace>(
  saved: Pick<WallScreen, 'displayId' | 'displayBounds'>,
  displays: readonly T[],
  primary: T,
  wallName: string,
  words: DisplayWords = english,
): WallPlace<T> {
  const byId = displays.find((d) => d.id === saved.displayId);
  if (byId) return { display: byId, notice: null };
  const { x, y, width, height } = saved.displayBounds;
  const same = ({ bounds: b }: T) =>
    b.x === x && b.y === y && b.width === width && b.height === height;
  const byBounds = displays.find(same);
  if (byBounds) return { display: byBounds, notice: null };
  return { display: primary, notice: displayGone(wallName, saved.displayBounds, words) };
}

/** The notice for a wall whose display is gone (at the start, or unplugged while shown). */
export function displayGone(
  wallName: string,
  bounds: ScreenBounds,
  words: DisplayWords = english,
): string {
  const where = describeBounds(bounds, words);
  return words.t('desktop.wall.displayGone', { wall: wallName, bounds: where });
}
