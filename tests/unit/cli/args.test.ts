/** The flag reader of the command-line entries with a fixed set of flags (npm run web). */
import { describe, expect, it } from 'vitest';
import { integerFlag, lastValue, parseFlags, UsageError } from '../../../src/cli/args.ts';

const spec = { values: ['port', 'data-dir', 'base-url'], switches: ['help', 'no-proxy'] };

describe('parseFlags', () => {
  it('reads values in both spellings, repeats in order, switches and positionals', () => {
    const flags = parseFlags(
      ['serve', '--port', '8080', '--data-dir=/tmp/x', '--port=-1', '--no-proxy', 'more'],
      spec,
    );
    expect(flags.values.get('port')).toEqual(['8080', '-1']);
    expect(lastValue(flags, 'data-dir')).toBe('/tmp/x');
    expect(lastValue(flags, 'base-url')).toBeUndefined();
    expect([...flags.switches]).toEqual(['no-proxy']);
    expect(flags.positionals).toEqual(['serve', 'more']);
  });

  it.each([
    [['--colour', 'red'], 'Unknown option --colour.'],
    [['--colour', '--port'], 'Unknown option --colour.'],
    [['--Port=1'], 'Unknown option --Port.'],
    [['--port'], '--port needs a value.'],
    [['--port', '--help'], '--port needs a value.'],
    [['--help=yes'], '--help takes no value.'],
  ])('refuses %j: %s', (args, message) => {
    expect(() => parseFlags(args, spec)).toThrow(UsageError);
    expect(() => parseFlags(args, spec)).toThrow(message);
  });

  it('reads whole numbers in range, and says what is wrong otherwise', () => {
    expect(integerFlag(parseFlags(['--port', '0'], spec), 'port', 0, 65535)).toBe(0);
    for (const raw of ['-1', '65536', '1.5', 'x', '1e3', '', ' 5']) {
      expect(() => integerFlag(parseFlags([`--port=${raw}`], spec), 'port', 0, 65535)).toThrow(
        `--port must be a whole number from 0 to 65535, not ${JSON.stringify(raw)}.`,
      );
    }
  });
});
