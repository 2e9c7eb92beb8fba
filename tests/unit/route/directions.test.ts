/** What a camera's description says about the lanes it watches, against the route's bearing. */
import { describe, expect, it } from 'vitest';
import { describedBearing, travelDirection } from '../../../src/shared/route.ts';

describe('the direction a description names', () => {
  it('reads traffic directions and where the camera looks, in the forms 511 feeds use', () => {
    const cases: [string, number | null][] = [
      ['I-25 NB at Exit 210', 0],
      ['I-70 EB @ Vail Pass', 90],
      ['US-36 S/B near Broomfield', 180],
      ['I-80 Westbound at Mile 12', 270],
      ['SR-520 north-bound at Montlake', 0],
      ['I-5 at Exit 31 - Looking South', 180],
      ['Hwy 1 - looking northwest', 315],
      ['Main St facing SE', 135],
      ['A1 towards West', 270],
      ['I-90 at Snoqualmie Pass', null],
      ['Webb Rd at Newberry Ave', null],
      ['Nebraska Ave', null],
    ];
    for (const [description, bearing] of cases) {
      expect(describedBearing(description), description).toBe(bearing);
    }
  });

  it('is your direction within 45° of the route, opposite within 45° of its reverse', () => {
    expect(travelDirection('I-25 NB', 10)).toBe('same');
    expect(travelDirection('I-25 NB', 350)).toBe('same');
    expect(travelDirection('I-25 NB', 180)).toBe('opposite');
    expect(travelDirection('Looking West', 100)).toBe('opposite');
    expect(travelDirection('Looking Northeast', 45)).toBe('same');
    // Across the route (a camera looking east on a road north): it says nothing of your lanes.
    expect(travelDirection('Looking East', 0)).toBeNull();
    expect(travelDirection('Elm St at 5th Ave', 0)).toBeNull();
  });
});
