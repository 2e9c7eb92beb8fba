import { afterEach, describe, expect, test } from 'vitest';
import {
  CERTAINTY_WORDS,
  DOWNLOAD_STATE_WORDS,
  RECORDING_STATUS_WORDS,
  SEVERITY_WORDS,
  SORT_KEY_WORDS,
  URGENCY_WORDS,
  sayValue,
} from '../../../../src/renderer/lib/enum-words.ts';
import { SEVERITY_LEGEND_WORDS } from '../../../../src/renderer/map/colours.ts';
import { words } from '../../../../src/renderer/lib/words.svelte.ts';

afterEach(() => words.use('en'));

describe('words for the values a service sends', () => {
  test('the interface’s values read as words, its own spelling included', () => {
    expect(sayValue(SEVERITY_WORDS, 'uknown_severity')).toBe('Severity not given');
    expect(sayValue(URGENCY_WORDS, 'unknown_urgency')).toBe('Urgency not given');
    expect(sayValue(CERTAINTY_WORDS, 'unknown_certainty')).toBe('Certainty not given');
    expect(sayValue(RECORDING_STATUS_WORDS, 'submitted')).toBe('Being made');
  });

  test('another spelling finds its words; a value outside the list is shown as sent', () => {
    expect(sayValue(SEVERITY_WORDS, 'Severe')).toBe('Severe');
    expect(sayValue(URGENCY_WORDS, 'Expected')).toBe('Expected soon');
    expect(sayValue(SEVERITY_WORDS, 'catastrophic')).toBe('catastrophic');
    expect(sayValue(SEVERITY_WORDS, '')).toBe('—');
    expect(sayValue(SEVERITY_WORDS, null)).toBe('—');
  });

  test('one reading for every list: downloads, alerts and sorts follow a change of language', async () => {
    await words.use('de');
    expect(sayValue(DOWNLOAD_STATE_WORDS, 'paused')).toBe('Angehalten');
    expect(sayValue(SEVERITY_WORDS, 'uknown_severity')).toBe('Schweregrad nicht angegeben');
    expect(sayValue(SORT_KEY_WORDS, 'name')).toBe('Name');
    // The map's legend reads its severities the same way.
    expect(sayValue(SEVERITY_LEGEND_WORDS, 'extreme')).toBe(sayValue(SEVERITY_WORDS, 'extreme'));
    await words.use('fr');
    expect(sayValue(DOWNLOAD_STATE_WORDS, 'paused')).toBe('Suspendu');
  });
});
