/**
 * The dataset export's summary lines ("Full snow (full-snow): 459 match; …") are what the core
 * means, said in the user's language by each front end: the class in the glossary's word, its id
 * (the folder) as it is beside it, and the English kept for logs and --json.
 */
import { describe, expect, it } from 'vitest';
import { summariseDataset } from '../../../src/engine/datasets/summary.ts';
import type { DatasetPlan } from '../../../src/engine/datasets/plan.ts';
import type { DatasetOptions } from '../../../src/shared/ipc/datasets.ts';
import { loadTranslator } from '../../../src/shared/i18n/catalogues.ts';

const plan: DatasetPlan = {
  fingerprint: 'f',
  classes: [
    {
      value: 10,
      name: 'full-snow',
      meaning: 'Full snow',
      matched: 459,
      candidates: 459,
      chosen: 100,
    },
  ],
  noReport: 12,
  images: [],
};
const options = {
  folder: '/data/set',
  label: 'road_weather',
  perClass: 100,
} as unknown as DatasetOptions;

describe('the dataset summary’s lines', () => {
  it('read in German and French, the class in its word, its id as it is, the English kept', async () => {
    const result = summariseDataset(options, plan, [], ['a.jpg'], false);
    const [noReport, cap, failed] = result.leftOut;
    expect(cap!.words).toBe(
      'Full snow (full-snow): 459 match; 100 chosen with the seed (100 per class), 359 left out.',
    );
    const de = await loadTranslator('de');
    expect(de.say(cap!.said)).toBe(
      'Schneebedeckt (full-snow): 459 Treffer; 100 mit dem Startwert gewählt (100 pro Klasse), 359 außen vor.',
    );
    expect(de.say(noReport!.said)).toMatch(/^12 Beobachtungen ohne Meldung/);
    const fr = await loadTranslator('fr');
    expect(fr.say(failed!.said)).toBe(
      '1 images n’ont pas pu être récupérées (relancez l’export pour réessayer) :\n  - a.jpg',
    );
    expect(failed!.words).toBe(
      '1 images could not be fetched (run the export again to retry them):\n  - a.jpg',
    );
  });
});
