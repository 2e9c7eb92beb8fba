import { describe, expect, it } from 'vitest';
import { alertSearchSchema } from '../../../../src/shared/ipc/searches.ts';
import { alertParams, noFilters } from '../../../../src/renderer/alerts/alert-params.ts';

describe('alertParams', () => {
  it('sends every filter of interface 4.5, times as the UTC instants the view labels', () => {
    const params = alertParams(
      {
        ...noFilters,
        period: 'any',
        severity: 'severe',
        urgency: 'expected',
        certainty: 'likely',
        country: ' US ',
        state: 'CO',
        effectiveMin: '2026-11-20T08:00',
        effectiveMax: '2026-11-20T12:30',
        expiresMin: '2026-11-20T13:00',
        expiresMax: '2026-11-21T00:00',
        area: '-105, 37, -102, 41',
      },
      200,
    );
    expect(params).toEqual({
      limit: 100,
      skip: 200,
      sort: 'severity',
      sort_dir: 'desc',
      aggs: ['event'],
      expired: 'any',
      severity: 'severe',
      urgency: 'expected',
      certainty: 'likely',
      country: 'US',
      state: 'CO',
      effective_min: '2026-11-20T08:00:00Z',
      effective_max: '2026-11-20T12:30:00Z',
      expires_min: '2026-11-20T13:00:00Z',
      expires_max: '2026-11-21T00:00:00Z',
      bbox: [-105, 37, -102, 41],
    });
    // What the main process will accept at its edge.
    expect(alertSearchSchema().safeParse(params).success).toBe(true);
  });

  it('leaves out what is not set, and the first page has no skip', () => {
    expect(alertParams(noFilters)).toEqual({
      limit: 100,
      sort: 'severity',
      sort_dir: 'desc',
      aggs: ['event'],
    });
  });

  it('says what is wrong with an area instead of searching everywhere', () => {
    expect(alertParams({ ...noFilters, area: '-105,37,-102' })).toMatch(/four numbers/);
    expect(alertParams({ ...noFilters, area: '-105,41,-102,37' })).toMatch(/south edge/);
    expect(alertParams({ ...noFilters, area: '-200,37,-102,41' })).toMatch(/-180 to 180/);
  });
});
