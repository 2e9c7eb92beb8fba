import { expect, test } from 'vitest';
import { batchFinishedWords } from '../../../../src/renderer/downloads/core-words.ts';
import { words } from '../../../../src/renderer/lib/words.svelte.ts';
import { said } from '../../../../src/shared/i18n/translator.ts';

test("a finished batch's notification in browser mode reads in the language in force, its label too", async () => {
  const finished = {
    batchId: 4,
    label: '3 recordings',
    labelSaid: said('downloads.label.recordings', { count: 3 }),
    state: 'failed' as const,
    completed: 2,
    failed: 1,
    items: 3,
    folder: '/data/out',
  };
  await words.use('de');
  try {
    expect(batchFinishedWords(finished)).toEqual({
      title: 'Downloads fehlgeschlagen: 3 Aufnahmen',
      body: '2 von 3 Dateien nach /data/out heruntergeladen, 1 fehlgeschlagen.',
    });
  } finally {
    await words.use('en');
  }
  expect(batchFinishedWords(finished).title).toBe('Downloads failed: 3 recordings');
});
