/**
 * The bracket codec both ways. The service's limits and wording are tested through the service
 * (tests/service/params.test.ts); here, what the client writes is what the service reads.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BracketError,
  decode,
  decodePairs,
  encode,
  splitKey,
  type BracketValue,
} from '../../../src/shared/brackets.ts';

const LIMITS = { maxParams: 1000, maxDepth: 5 };
const plain = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown;

describe('encode', () => {
  it('writes nesting as brackets and lists as [], leaves out null and undefined', () => {
    const text = encode({
      sensors: { road_weather: { min: 0 }, visibility: { max: 0.2 } },
      aggs: ['state', 'city'],
      expired: true,
      q: 'snow pass & co',
      gone: undefined,
      none: null,
    }).toString();
    expect(decodeURIComponent(text)).toBe(
      'sensors[road_weather][min]=0&sensors[visibility][max]=0.2&aggs[]=state&aggs[]=city' +
        '&expired=true&q=snow+pass+&+co',
    );
  });

  it('takes [name, value] pairs in their order', () => {
    expect(
      encode([
        ['b', 1],
        ['a', { x: [2] }],
      ]).toString(),
    ).toBe('b=1&a%5Bx%5D%5B%5D=2');
  });
});

describe('splitKey', () => {
  it('splits names, keeps [] as "", refuses unmatched brackets', () => {
    expect(splitKey('q')).toEqual(['q']);
    expect(splitKey('a[b][]')).toEqual(['a', 'b', '']);
    for (const bad of ['[a]', 'a[', 'a[b]c', 'a[b]]', 'a[[b]]'])
      expect(splitKey(bad)).toBe(undefined);
  });
});

describe('decode', () => {
  it('reads what encode writes, values as strings', () => {
    expect(plain(decode('a[b][]=1&a[b][]=2&c=x&c=y&d[]=z', LIMITS))).toEqual({
      a: { b: ['1', '2'] },
      c: ['x', 'y'],
      d: ['z'],
    });
  });

  it('names the problem, the parameter and the key in its error', () => {
    const error = (text: string, limits = LIMITS) => {
      try {
        decode(text, limits);
      } catch (e) {
        expect(e).toBeInstanceOf(BracketError);
        const { problem, parameter, key } = e as BracketError;
        return { problem, parameter, key };
      }
      return undefined;
    };
    expect(error('a=1&b=2', { maxParams: 1, maxDepth: 5 })).toEqual({
      problem: 'too_many',
      parameter: undefined,
      key: 'b',
    });
    expect(error('s[a=1')).toEqual({ problem: 'bad_name', parameter: 's[a', key: 's[a' });
    expect(error('s[a][b]=1', { maxParams: 9, maxDepth: 2 })).toMatchObject({
      problem: 'too_deep',
      parameter: 's',
    });
    expect(error('s[][a]=1')).toMatchObject({ problem: 'misplaced_list', parameter: 's' });
    expect(error('s[a]=1&s=2')).toEqual({ problem: 'conflict', parameter: 's', key: 's' });
  });

  it('takes pairs already split, in order', () => {
    expect(plain(decodePairs([['x[y]', '1']], LIMITS))).toEqual({ x: { y: '1' } });
  });
});

/** Parameters as the client holds them: names, strings, lists of strings, nested bags. */
const name = fc.stringMatching(/^[a-z_][a-z0-9_]{0,8}$/);
const leaf = fc.string({ maxLength: 12 });
const value: fc.Arbitrary<BracketValue> = fc.letrec<{ v: BracketValue }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(leaf, { minLength: 1, maxLength: 3 }),
    fc.dictionary(name, tie('v'), { minKeys: 1, maxKeys: 3 }),
  ),
})).v;

describe('round trip (property)', () => {
  it('decode(encode(x)) is x for every nesting up to the depth limit', () => {
    fc.assert(
      fc.property(fc.dictionary(name, value, { maxKeys: 5 }), (params) => {
        const text = encode(params).toString();
        expect(plain(decode(text, { maxParams: 10_000, maxDepth: 100 }))).toEqual(plain(params));
      }),
      { numRuns: 500 },
    );
  });
});
