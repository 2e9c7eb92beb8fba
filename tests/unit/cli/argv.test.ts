/** The command line's words and flags, and every usage error a wrong flag gets (exit 2). */
import { describe, expect, it } from 'vitest';
import { checkFlags, flag, intFlag, tokenise, UsageError } from '../../../src/cli/argv.ts';

const flags = (args: string[]) => tokenise(args).flags;

describe('tokenise', () => {
  it('splits command words, value flags (both spellings) and switches', () => {
    const argv = tokenise(['cameras', 'search', '--state', 'WA', '--limit=5', '--json', 'x']);
    expect(argv.words).toEqual(['cameras', 'search', 'x']);
    expect(argv.flags).toEqual([
      ['state', 'WA'],
      ['limit', '5'],
    ]);
    expect([...argv.switches]).toEqual(['json']);
  });

  it('keeps bracketed names, repeated flags in order, and values that look like numbers', () => {
    expect(
      flags([
        '--sensors[road_weather][min]=6',
        '--sensors[precip][max]',
        '2',
        '--aggs',
        'state',
        '--aggs=city',
        '--bbox',
        '-125,45,-116,49',
        '--lat',
        '-1',
      ]),
    ).toEqual([
      ['sensors[road_weather][min]', '6'],
      ['sensors[precip][max]', '2'],
      ['aggs', 'state'],
      ['aggs', 'city'],
      ['bbox', '-125,45,-116,49'],
      ['lat', '-1'],
    ]);
  });

  it('reads an empty value after = and a value with = in it', () => {
    expect(flags(['--q=', '--query', 'state=CO&status=complete'])).toEqual([
      ['q', ''],
      ['query', 'state=CO&status=complete'],
    ]);
  });

  it('takes every switch the commands use', () => {
    const argv = tokenise([
      '--json',
      '--demo',
      '--all',
      '--help',
      '--version',
      '--no-verify',
      '--no-proxy',
    ]);
    expect([...argv.switches].sort()).toEqual(
      ['all', 'demo', 'help', 'json', 'no-proxy', 'no-verify', 'version'].sort(),
    );
    expect(argv.flags).toEqual([]);
  });

  it('skips a lone --, after which every argument is a word', () => {
    expect(tokenise(['cameras', '--', 'search']).words).toEqual(['cameras', 'search']);
    const argv = tokenise(['download', '--json', '--', '--not-a-flag', '-x']);
    expect(argv.words).toEqual(['download', '--not-a-flag', '-x']);
    expect([...argv.switches]).toEqual(['json']);
  });

  it('keeps a word that starts with one dash whole', () => {
    expect(tokenise(['-abc', '--json', '-', 'x']).words).toEqual(['-abc', '-', 'x']);
  });

  it.each([
    [['--state'], '--state needs a value.'],
    [['--state', '--json'], '--state needs a value.'],
    [['--colour'], '--colour needs a value.'],
    [['--json=yes'], '--json takes no value.'],
    [['--no-proxy=1'], '--no-proxy takes no value.'],
    [['--State', 'WA'], '"--State" is not an option.'],
    [['--a[b', '1'], '"--a[b" is not an option.'],
    [['--=1'], '"--=1" is not an option.'],
    [['---x'], '"---x" is not an option.'],
  ])('refuses %j: %s', (args, message) => {
    expect(() => tokenise(args)).toThrow(UsageError);
    expect(() => tokenise(args)).toThrow(message);
  });
});

describe('checkFlags, flag, intFlag', () => {
  it('refuses a flag the command does not have, naming those it has', () => {
    const argv = tokenise(['--colour', 'red']);
    expect(() => checkFlags(argv, ['state', 'bbox'], 'roadcam cameras search')).toThrow(
      'roadcam cameras search has no option --colour. Options: --state --bbox',
    );
  });

  it('accepts a bracketed flag by its base name', () => {
    const argv = tokenise(['--sensors[visibility][max]=0.2']);
    expect(() => checkFlags(argv, ['sensors'], 'here')).not.toThrow();
    expect(() => checkFlags(argv, ['state'], 'here')).toThrow('here has no option --sensors');
  });

  it('reads the last value of a repeated flag', () => {
    expect(flag(tokenise(['--profile', 'a', '--profile', 'b']), 'profile')).toBe('b');
    expect(flag(tokenise([]), 'profile')).toBeUndefined();
  });

  it('reads whole numbers in range, and says what is wrong otherwise', () => {
    expect(intFlag(tokenise(['--limit', '5']), 'limit', 1, 100)).toBe(5);
    expect(intFlag(tokenise([]), 'limit', 1, 100)).toBeUndefined();
    for (const raw of ['0', '101', '1.5', 'ten', '']) {
      expect(() => intFlag(tokenise([`--limit=${raw}`]), 'limit', 1, 100)).toThrow(
        `--limit must be a whole number from 1 to 100, not "${raw}".`,
      );
    }
  });
});
