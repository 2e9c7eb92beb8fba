import { expect, test } from 'vitest';
import { z } from 'zod';
import { settingsPatchSchema, settingsSchema } from '../../../../src/shared/settings.ts';
import { settingWords } from '../../../../src/renderer/settings/setting-words.ts';
import {
  checkField,
  issueWords,
  readable,
  refusedFields,
} from '../../../../src/renderer/lib/field-rules.ts';

test("a field's rule is said in its words, with the limit the schema holds it to", () => {
  const deadline = settingsSchema.shape.answerDeadlineSeconds;
  const words = settingWords.answerDeadlineSeconds;
  expect(checkField(deadline, -5, words)).toBe(
    'Give the service at least 5 seconds to answer: type 5 or more.',
  );
  expect(checkField(deadline, 601, words)).toBe(
    'Wait at most 600 seconds for an answer: type 600 or less.',
  );
  expect(checkField(deadline, 2.5, words)).toBe('Type a whole number of seconds.');
  expect(checkField(deadline, Number.NaN, words)).toBe('Type a whole number of seconds.');
  expect(checkField(deadline, 60, words)).toBeNull();
  expect(
    checkField(settingsSchema.shape.liveRefreshSeconds, 1, settingWords.liveRefreshSeconds),
  ).toBe('Refresh at most every 2 seconds: type 2 or more.');
});

test('the limit comes from the schema: another minimum reads as that minimum', () => {
  const words = settingWords.liveRefreshSeconds;
  expect(checkField(z.number().int().min(7), 3, words)).toBe(
    'Refresh at most every 7 seconds: type 7 or more.',
  );
  // A field without words of its own still gets a sentence, never the schema's text.
  expect(checkField(z.number().max(10_000), 20_000)).toBe(
    `Type ${(10_000).toLocaleString()} or less.`,
  );
  expect(checkField(z.string().max(3), 'abcd')).toBe('That is too long: at most 3 characters.');
  expect(checkField(z.string().min(1), '')).toBe('Fill this in.');
});

test('text of the wrong form is said in the field words; a relative download folder is refused', () => {
  const folder = settingsSchema.shape.downloadFolder;
  expect(checkField(folder, 'downloads/here', settingWords.downloadFolder)).toMatch(
    /^Type the full path of a folder, starting with \//,
  );
  for (const ok of ['', '/home/me/Downloads', 'C:\\Users\\me', 'D:/data', '\\\\server\\share'])
    expect(checkField(folder, ok)).toBeNull();
  expect(checkField(settingsSchema.shape.tileUrl, 'ftp://x/{z}', settingWords.tileUrl)).toMatch(
    /^Type an address starting with https:\/\//,
  );
});

test('a refused patch is mapped to its fields, each in its words; other issues name no field', () => {
  const refused = refusedFields(
    settingsPatchSchema,
    { liveRefreshSeconds: 1, downloadConcurrency: 3, tileUrl: 'ftp://x/{z}', stray: 1 },
    settingWords,
  );
  expect(refused).toEqual({
    liveRefreshSeconds: 'Refresh at most every 2 seconds: type 2 or more.',
    tileUrl: expect.stringMatching(/^Type an address starting with https:\/\//),
  });
  expect(refusedFields(settingsPatchSchema, { downloadConcurrency: 3 }, settingWords)).toEqual({});
});

test("a contract's refusal never reaches a person as it is; other messages are kept", () => {
  expect(
    readable(
      'Invalid input for settings.update: liveRefreshSeconds: Too small: expected number to be >=2',
    ),
  ).toBe('Roadcam could not use a value given here: check the fields and try again.');
  // A refusal the contract words itself keeps its sentences; zod's words or a fragment do not.
  expect(
    readable('Invalid input for collections.list: created_at_min: Dates look like 2026-11-21.'),
  ).toBe('Dates look like 2026-11-21.');
  expect(readable('Invalid input for profiles.save: baseUrl: an http(s) URL')).toBe(
    'Roadcam could not use a value given here: check the fields and try again.',
  );
  expect(
    readable(
      'Invalid input for collections.list: created_at_min: Dates look like 2026-11-21.; limit: Too big: expected number to be <=100',
    ),
  ).toBe('Roadcam could not use a value given here: check the fields and try again.');
  expect(readable('Not changed: you declined the change.')).toBe(
    'Not changed: you declined the change.',
  );
  expect(issueWords({ code: 'custom', path: [], message: 'x', input: 1 })).toBe(
    'Roadcam cannot use this value: check what the field asks for.',
  );
});
