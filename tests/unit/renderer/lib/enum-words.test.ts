import { describe, expect, test } from 'vitest';
import {
  CERTAINTY_WORDS,
  RECORDING_STATUS_WORDS,
  SEVERITY_WORDS,
  URGENCY_WORDS,
  sayValue,
  wordsFor,
} from '../../../../src/renderer/lib/enum-words.ts';

describe('words for the values a service sends', () => {
  test('the interface’s values read as words, its own spelling included', () => {
    expect(sayValue(SEVERITY_WORDS, 'uknown_severity')).toBe('Severity not given');
    expect(sayValue(URGENCY_WORDS, 'unknown_urgency')).toBe('Urgency not given');
    expect(sayValue(CERTAINTY_WORDS, 'unknown_certainty')).toBe('Certainty not given');
    expect(wordsFor(RECORDING_STATUS_WORDS, 'submitted')).toBe('Being made');
  });

  test('another spelling finds its words; a value outside the list is shown as sent', () => {
    expect(sayValue(SEVERITY_WORDS, 'Severe')).toBe('Severe');
    expect(sayValue(URGENCY_WORDS, 'Expected')).toBe('Expected soon');
    expect(sayValue(SEVERITY_WORDS, 'catastrophic')).toBe('catastrophic');
    expect(sayValue(SEVERITY_WORDS, '')).toBe('—');
    expect(sayValue(SEVERITY_WORDS, null)).toBe('—');
  });
});
