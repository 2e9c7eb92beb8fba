/**
 * The road-condition changes in the user's language: each kind's name and its values' words
 * (docs/glossary.md), for the Road conditions card and a watch's changes.
 */
import { CHANGE_NAME_KEYS, changeSensor, type ChangeKind } from '../../shared/condition-changes.ts';
import { t } from '../lib/words.svelte.ts';
import { valueOrNumber } from '../map/sensor-words.ts';

export function changeName(kind: ChangeKind): string {
  return t(CHANGE_NAME_KEYS[kind]);
}

/** A sensor value of the change's sensor in words ("Partial snow"), or the number. */
export function changeValue(kind: ChangeKind, value: number): string {
  return valueOrNumber(changeSensor(kind), value);
}

/** "Wet → Partial snow": a change's values before and after. */
export function changeValues(kind: ChangeKind, before: number, after: number): string {
  return `${changeValue(kind, before)} → ${changeValue(kind, after)}`;
}
