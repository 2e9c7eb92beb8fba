/** --units and the time zone setting in what the command line reads and prints. */
import { describe, expect, it } from 'vitest';
import { tokenise } from '../../../src/cli/argv.ts';
import { envLocale, featureRows, tableView } from '../../../src/cli/output.ts';
import { searchFlagNames, searchParams, unitsFlag } from '../../../src/cli/search-flags.ts';
import type { Observation } from '../../../src/shared/api/index.ts';
import { loadTranslator } from '../../../src/shared/i18n/catalogues.ts';
import { english } from '../../../src/shared/i18n/english.ts';

const params = (args: string[]) =>
  searchParams('cameras', tokenise(args), searchFlagNames('cameras'));

describe('distances read', () => {
  it("takes a route buffer with a unit, converted to the service's km exactly", () => {
    expect(params(['--polyline', 'abc', '--polyline_radius', '3mi'])).toEqual({
      polyline: 'abc',
      polyline_radius: '4.828032',
    });
    expect(params(['--polyline_radius', '800m'])).toEqual({ polyline_radius: '0.8' });
    // A bare number keeps the spec's meaning (km), and --radius goes as typed (5mi, 500).
    expect(params(['--polyline_radius', '2', '--radius', '5mi'])).toEqual({
      polyline_radius: '2',
      radius: '5mi',
    });
    expect(() => params(['--polyline_radius', '3 leagues'])).toThrow(/--polyline_radius/);
  });

  it('reads --units, which is not a service parameter', () => {
    expect(params(['--units', 'mi', '--state', 'CO'])).toEqual({ state: 'CO' });
    expect(unitsFlag(tokenise(['--units', 'mi']))).toBe('mi');
    expect(unitsFlag(tokenise([]))).toBeUndefined();
    expect(() => unitsFlag(tokenise(['--units', 'feet']))).toThrow('--units is km or mi');
  });
});

describe('the unit and zone of tables', () => {
  const automatic = { distanceUnit: null, timeZone: 'utc' } as const;
  it('follows the locale when automatic, the setting, then --units', () => {
    expect(envLocale({ LANG: 'en_GB.UTF-8' })).toBe('en-GB');
    expect(envLocale({ LANG: 'de_DE.UTF-8', LC_ALL: 'en_US.UTF-8' })).toBe('en-US');
    expect(envLocale({ LANG: 'C.UTF-8' })).toBeUndefined();
    expect(tableView(undefined, automatic, { LANG: 'en_US.UTF-8' }).unit).toBe('mi');
    expect(tableView(undefined, automatic, { LANG: 'fr_FR.UTF-8' }).unit).toBe('km');
    expect(tableView(undefined, automatic, { LANG: 'C' }).unit).toBe('km');
    const miles = { distanceUnit: 'mi', timeZone: 'utc' } as const;
    expect(tableView(undefined, miles, { LANG: 'fr_FR.UTF-8' }).unit).toBe('mi');
    expect(tableView('km', miles, {}).unit).toBe('km');
    expect(tableView(undefined, automatic, {}).zone).toBe('UTC');
  });

  it('prints times with their zone and visibility as a range in the unit and language', async () => {
    const observation = {
      type: 'Feature',
      id: 'US-CO-1_2026-01-15T15:42:07Z',
      geometry: { type: 'Point', coordinates: [-105, 39.7] },
      properties: {
        camera_id: 'US-CO-1',
        time: '2026-01-15T15:42:07Z',
        city: 'Denver',
        state: 'CO',
        sensors: { visibility: { data: 0.5 } },
      },
    } as unknown as Observation;
    const view = { unit: 'mi', zone: 'America/Denver', locale: 'en-US', words: english } as const;
    const [row] = featureRows('observations', [observation], view);
    expect(row).toMatchObject({
      time: 'Jan 15, 2026, 08:42:07 AM MST',
      visibility: '0.5 (0.7 to 1.5 mi)',
    });
    const [utc] = featureRows('observations', [observation], {
      unit: 'km',
      zone: 'UTC',
      locale: 'en-GB',
      words: english,
    });
    expect(utc).toMatchObject({
      time: '15 Jan 2026, 15:42:07 UTC',
      visibility: '0.5 (1.1 to 2.4 km)',
    });
    const german = {
      unit: 'km' as const,
      zone: 'UTC',
      locale: 'de-DE',
      words: await loadTranslator('de'),
    };
    const [de] = featureRows('observations', [observation], german);
    expect(de).toMatchObject({ visibility: '0.5 (1,1 bis 2,4 km)' });
  });
});
