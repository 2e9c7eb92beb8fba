/**
 * Tour links (src/shared/tour.ts): what `roadcam://wall?tour=...&dwell=N&mode=...` starts, and
 * every wrong parameter named in words; and the link a tour writes back.
 */
import { describe, expect, test } from 'vitest';
import { english } from '../../../src/shared/i18n/english.ts';
import { loadTranslator } from '../../../src/shared/i18n/catalogues.ts';
import {
  readTourQuery,
  saySentences,
  tourQuery,
  tourSchema,
  type Tour,
  type TourRead,
} from '../../../src/shared/tour.ts';

/** A refused link's problems in English, each as the catalogue says it. */
function englishProblems(read: TourRead): string[] {
  return read.ok ? [] : read.problems.map((problem) => english.say(problem));
}

describe('tour links', () => {
  test.each<[Record<string, string>, Tour]>([
    [{ tour: 'favourites' }, { source: { kind: 'favourites' }, dwellSeconds: 20, mode: 'tile' }],
    [
      { tour: 'cameras:A1,B-2, A1 ,C.3', dwell: '5', mode: 'page' },
      { source: { kind: 'cameras', ids: ['A1', 'B-2', 'C.3'] }, dwellSeconds: 5, mode: 'page' },
    ],
    [
      { tour: 'collection:col_9', dwell: '600' },
      { source: { kind: 'collection', id: 'col_9' }, dwellSeconds: 600, mode: 'tile' },
    ],
    [
      { tour: 'search:I-70 Denver', dwell: '30' },
      { source: { kind: 'search', q: 'I-70 Denver' }, dwellSeconds: 30, mode: 'tile' },
    ],
    [
      { tour: 'area:-105.1,39.6,-104.8,39.9', mode: 'page' },
      {
        source: { kind: 'area', bbox: [-105.1, 39.6, -104.8, 39.9] },
        dwellSeconds: 20,
        mode: 'page',
      },
    ],
    [
      { tour: 'route:Home to work: the long way' },
      {
        source: { kind: 'route', name: 'Home to work: the long way' },
        dwellSeconds: 20,
        mode: 'tile',
      },
    ],
  ])('reads %j', (query, tour) => {
    expect(readTourQuery(query)).toEqual({ ok: true, tour });
    // The link a tour writes reads back as the same tour, and the settings accept it.
    const written = Object.fromEntries(new URLSearchParams(tourQuery(tour)));
    expect(readTourQuery(written)).toEqual({ ok: true, tour });
    expect(tourSchema.safeParse(tour).success).toBe(true);
  });

  test.each<[Record<string, string>, string[]]>([
    [
      {},
      [
        'tour is empty: give favourites, cameras:ID,ID, collection:ID, search:WORDS, area:W,S,E,N or route:NAME.',
      ],
    ],
    [
      { tour: 'everything' },
      [
        'tour "everything" is not a source: give favourites, cameras:ID,ID, collection:ID, search:WORDS, area:W,S,E,N or route:NAME.',
      ],
    ],
    [{ tour: 'cameras:' }, ['tour=cameras: names no camera: give cameras:ID,ID,...']],
    [{ tour: 'cameras:A1,../x' }, ['tour=cameras: has ids that are not camera ids: ../x.']],
    [
      { tour: 'collection:a/b' },
      ['tour=collection: needs a collection id (letters, digits and . : _ -).'],
    ],
    [{ tour: 'search:x' }, ['tour=search: needs words to search for (2 to 200 characters).']],
    [{ tour: 'route:' }, ['tour=route: needs the name of a saved route.']],
    [
      { tour: 'area:1,2,3' },
      [
        'tour=area: needs west,south,east,north in degrees, west of east and south of north (area:-105.1,39.6,-104.8,39.9).',
      ],
    ],
    [
      { tour: 'area:10,2,3,4' },
      [
        'tour=area: needs west,south,east,north in degrees, west of east and south of north (area:-105.1,39.6,-104.8,39.9).',
      ],
    ],
    [
      { tour: 'area:-200,2,3,4' },
      [
        'tour=area: needs west,south,east,north in degrees, west of east and south of north (area:-105.1,39.6,-104.8,39.9).',
      ],
    ],
    [
      { tour: 'area:1,2,3,4e1' },
      [
        'tour=area: needs west,south,east,north in degrees, west of east and south of north (area:-105.1,39.6,-104.8,39.9).',
      ],
    ],
    [
      { tour: 'favourites', dwell: '4', mode: 'grid' },
      [
        'dwell must be whole seconds from 5 to 600, not "4".',
        'mode must be "tile" (one tile changes) or "page" (the whole wall), not "grid".',
      ],
    ],
    [
      { tour: 'favourites', dwell: '601' },
      ['dwell must be whole seconds from 5 to 600, not "601".'],
    ],
    [
      { tour: 'favourites', dwell: '1e2' },
      ['dwell must be whole seconds from 5 to 600, not "1e2".'],
    ],
    [{ tour: 'favourites', dwell: '' }, ['dwell must be whole seconds from 5 to 600, not "".']],
  ])('refuses %j in words', (query, problems) => {
    const read = readTourQuery(query);
    expect(read.ok).toBe(false);
    expect(englishProblems(read)).toEqual(problems);
  });

  test('the problems are said in the language asked for, one sentence after another', async () => {
    const read = readTourQuery({ tour: 'favourites', dwell: '4', mode: 'grid' });
    if (read.ok) throw new Error('the link was read');
    expect(saySentences(await loadTranslator('de'), read.problems)).toBe(
      'dwell muss ganze Sekunden von 5 bis 600 angeben, nicht "4". mode muss "tile" (eine Kachel wechselt) oder "page" (die ganze Wand) sein, nicht "grid".',
    );
    expect(saySentences(english, [])).toBe('');
  });

  test('a long or odd value is quoted short and without control characters', () => {
    const read = readTourQuery({ tour: `x\u0007${'y'.repeat(100)}` });
    expect(read.ok).toBe(false);
    expect(englishProblems(read)[0]).toMatch(/^tour "x\?y{38}…" is not a source/);
  });

  test('more cameras than a tour takes are refused, not cut silently', () => {
    const ids = Array.from({ length: 201 }, (_, i) => `C${i}`).join(',');
    expect(englishProblems(readTourQuery({ tour: `cameras:${ids}` }))).toEqual([
      'tour=cameras: names 201 cameras; a tour goes through at most 200.',
    ]);
  });
});
