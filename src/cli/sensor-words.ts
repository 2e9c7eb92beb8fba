/**
 * Sensor values and road-condition changes in the command line's language: the catalogue's
 * words (docs/glossary.md), the same the app's views use; a value the interface does not list
 * reads as its number.
 */
import { CHANGE_NAME_KEYS, changeSensor, type ChangeKind } from '../shared/condition-changes.ts';
import type { Translator } from '../shared/i18n/translator.ts';
import { sensorWord, type SensorType } from '../shared/sensors.ts';

export function changeWord(words: Translator, kind: ChangeKind): string {
  return words.t(CHANGE_NAME_KEYS[kind]);
}

/** A sensor's value in words ("Partial snow"), or the number when the interface has no word. */
export function readingWords(words: Translator, type: SensorType, value: number): string {
  const word = sensorWord(type, value);
  return word ? words.t(word) : String(value);
}

export function changeValueWord(words: Translator, kind: ChangeKind, value: number): string {
  return readingWords(words, changeSensor(kind), value);
}
