/** Search flags become the service's parameters, nesting and lists included. */
import { describe, expect, it } from 'vitest';
import { tokenise } from '../../../src/cli/argv.ts';
import { queryParams, searchFlagNames, searchParams } from '../../../src/cli/search-flags.ts';

const params = (args: string[]) =>
  searchParams('observations', tokenise(args), searchFlagNames('observations'));

describe('searchParams', () => {
  it('keeps values as typed, paging as numbers', () => {
    expect(params(['--state', 'WA', '--limit', '20', '--skip=40', '--sort_dir', 'desc'])).toEqual({
      state: 'WA',
      limit: 20,
      skip: 40,
      sort_dir: 'desc',
    });
  });

  it('nests bracketed flags as the service reads them', () => {
    expect(
      params([
        '--sensors[road_weather][min]=1',
        '--sensors[road_weather][max]=4',
        '--sensors[precip]=2',
      ]),
    ).toEqual({ sensors: { road_weather: { min: '1', max: '4' }, precip: '2' } });
  });

  it('collects --aggs from comma lists and repeats', () => {
    expect(params(['--aggs', 'state,city', '--aggs', 'camera_id', '--aggs=,'])).toEqual({
      aggs: ['state', 'city', 'camera_id'],
    });
  });

  it('takes the last of a repeated plain flag, ignores flags of other commands', () => {
    expect(params(['--state', 'WA', '--state', 'OR', '--profile', 'work'])).toEqual({
      state: 'OR',
    });
  });

  it('keeps --aggs given empty, as the service reads it', () => {
    expect(params(['--aggs='])).toEqual({ aggs: [] });
  });

  it('refuses a plain value and nested values for one name, in either order', () => {
    for (const args of [
      ['--sensors[precip][min]=1', '--sensors', '1'],
      ['--sensors', '1', '--sensors[precip][min]=1'],
    ]) {
      expect(() => params(args)).toThrow(
        '--sensors[precip][min] conflicts with --sensors given as a value.',
      );
    }
    expect(() => params(['--sensors[precip][min]=1', '--sensors[precip]=2'])).toThrow(
      '--sensors[precip][min] conflicts with --sensors[precip] given as a value.',
    );
  });

  it.each([
    [['--limit', '101'], '--limit must be a whole number from 1 to 100, not "101".'],
    [['--skip', '4001'], '--skip must be a whole number from 0 to 4000, not "4001".'],
    [['--sort_dir', 'up'], '--sort_dir is asc or desc, not "up".'],
    [['--sensors[]=1'], '--sensors[]: empty brackets are not a parameter name.'],
    [['--sensors[precip][]=1'], '--sensors[precip][]: empty brackets are not a parameter name.'],
    [
      ['--sensors', '1', '--sensors[precip][min]=1'],
      '--sensors[precip][min] conflicts with --sensors given as a value.',
    ],
  ])('refuses %j: %s', (args, message) => {
    expect(() => params(args)).toThrow(message);
  });
});

describe('queryParams (download --query)', () => {
  it('reads the query as the service does, numbers where the search wants them', () => {
    expect(queryParams('state=CO&status=complete&duration_min=60&tags[]=a&tags[]=b')).toEqual({
      state: 'CO',
      status: 'complete',
      duration_min: 60,
      tags: ['a', 'b'],
    });
    expect(queryParams('state=CO&state=WA')).toEqual({ state: ['CO', 'WA'] });
  });

  it.each([
    ['', '--query takes search parameters, e.g. "state=CO&status=complete".'],
    ['a[b=1', '--query: "a[b" is not a valid parameter name (brackets do not match).'],
    ['a=1&a[b]=2', '--query: "a[b]" mixes a plain value and nested values for a.'],
  ])('refuses %j', (text, message) => {
    expect(() => queryParams(text)).toThrow(message);
  });
});
