/**
 * How the service reads parameters from a query string, a form body or a JSON body: the
 * nesting it builds and, for each malformed input, the status, code, parameter and message.
 */
import { describe, expect, it } from 'vitest';
import { RequestError } from '../../src/service/http/errors.ts';
import { canonical, fromJson, mergeBags, parseUrlEncoded } from '../../src/service/http/params.ts';

const plain = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown;

function refusal(
  f: () => unknown,
): Pick<RequestError, 'status' | 'code' | 'parameter' | 'message'> {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(RequestError);
    const { status, code, parameter, message } = e as RequestError;
    return { status, code, parameter, message };
  }
  throw new Error('expected a refusal');
}

describe('query strings and form bodies', () => {
  it('nests brackets, lists [] and repeated keys, decodes percent and plus', () => {
    const bag = parseUrlEncoded(
      'sensors%5Broad_weather%5D%5Bmin%5D=1&sensors[road_weather][max]=4&aggs[]=state&aggs[]=city' +
        '&state=WA&state=OR&q=snow+pass&tags[x]=&e=',
    );
    expect(plain(bag)).toEqual({
      sensors: { road_weather: { min: '1', max: '4' } },
      aggs: ['state', 'city'],
      state: ['WA', 'OR'],
      q: 'snow pass',
      tags: { x: '' },
      e: '',
    });
    expect(Object.getPrototypeOf(bag)).toBeNull();
    expect(plain(parseUrlEncoded('a=1&a[]=2&a=3'))).toEqual({ a: ['1', '2', '3'] });
    expect(plain(parseUrlEncoded('s[x][]=1&s[x][]=2'))).toEqual({ s: { x: ['1', '2'] } });
    expect(plain(parseUrlEncoded(''))).toEqual({});
  });

  it('keeps __proto__ and constructor as plain names', () => {
    const bag = parseUrlEncoded('__proto__=1&sensors[__proto__]=2&constructor[x]=3');
    expect(bag['__proto__']).toBe('1');
    expect((bag.sensors as Record<string, unknown>)['__proto__']).toBe('2');
    expect(plain(bag.constructor)).toEqual({ x: '3' });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(plain(parseUrlEncoded('x]]=1&a]=2'))).toEqual({ 'x]]': '1', 'a]': '2' });
  });

  it('takes 1000 parameters and nesting 5 deep, and no more', () => {
    const many = Array.from({ length: 1000 }, (_, i) => `p${i}=1`).join('&');
    expect(Object.keys(parseUrlEncoded(many))).toHaveLength(1000);
    expect(refusal(() => parseUrlEncoded(`${many}&x=1`))).toEqual({
      status: 413,
      code: 'payload_too_large',
      parameter: undefined,
      message: 'More than 1000 parameters.',
    });
    expect(plain(parseUrlEncoded('a[b][c][d][e]=1'))).toEqual({
      a: { b: { c: { d: { e: '1' } } } },
    });
    expect(refusal(() => parseUrlEncoded('a[b][c][d][e][f]=1'))).toEqual({
      status: 400,
      code: 'invalid_parameter',
      parameter: 'a',
      message: '"a[b][c][d][e][f]" nests deeper than 5 levels.',
    });
  });

  it.each([
    ['a[b=1', 'a[b', '"a[b" is not a valid parameter name (brackets do not match).'],
    ['[a]=1', '[a]', '"[a]" is not a valid parameter name (brackets do not match).'],
    ['a[b]c=1', 'a[b]c', '"a[b]c" is not a valid parameter name (brackets do not match).'],
    ['a[[b]]=1', 'a[[b]]', '"a[[b]]" is not a valid parameter name (brackets do not match).'],
    ['a[][b]=1', 'a', '"a[][b]": [] may only end a parameter name.'],
    ['a[][]=1', 'a', '"a[][]": [] may only end a parameter name.'],
    ['a=1&a[b]=2', 'a', '"a[b]" mixes a plain value and nested values for a.'],
    ['a[b]=1&a=2', 'a', '"a" mixes a plain value and nested values for a.'],
    ['a[b]=1&a[]=2', 'a', '"a[]" mixes a plain value and nested values for a.'],
    ['a[]=1&a[b]=2', 'a', '"a[b]" mixes a plain value and nested values for a.'],
    ['a[b]=1&a[b][c]=2', 'a', '"a[b][c]" mixes a plain value and nested values for a.'],
  ])('refuses %s', (text, parameter, message) => {
    expect(refusal(() => parseUrlEncoded(text))).toEqual({
      status: 400,
      code: 'invalid_parameter',
      parameter,
      message,
    });
  });
});

describe('JSON bodies', () => {
  it('keeps nesting, makes scalars strings, drops nulls, nests bracket keys', () => {
    const bag = fromJson({
      limit: 5,
      expired: true,
      aggs: ['state', null, 'city'],
      sensors: { precip: { min: 0.5 } },
      'sensors[visibility][max]': 0.2,
      bbox: null,
    });
    expect(plain(bag)).toEqual({
      limit: '5',
      expired: 'true',
      aggs: ['state', 'city'],
      sensors: { precip: { min: '0.5' }, visibility: { max: '0.2' } },
    });
  });

  it.each([
    [[1], 400, 'invalid_body', undefined, 'A JSON body must be an object of parameters.'],
    ['x', 400, 'invalid_body', undefined, 'A JSON body must be an object of parameters.'],
    [
      { a: { b: { c: { d: { e: { f: 1 } } } } } },
      400,
      'invalid_parameter',
      'a',
      'a nests deeper than 5 levels.',
    ],
    [{ 'a[]': 1 }, 400, 'invalid_parameter', 'a', '"a[]" is not a valid parameter name.'],
    [
      { 'a[b][c][d][e][f]': 1 },
      400,
      'invalid_parameter',
      'a',
      '"a[b][c][d][e][f]" is not a valid parameter name.',
    ],
    [
      { a: 1, 'a[b]': 2 },
      400,
      'invalid_parameter',
      'a',
      '"a[b]" mixes a plain value and nested values for a.',
    ],
    [
      { 'a[b]': 1, 'a[b][c]': 2 },
      400,
      'invalid_parameter',
      'a',
      '"a[b][c]" mixes a plain value and nested values for a.',
    ],
    [
      { a: { b: 1 }, 'a[b]': 2 },
      400,
      'invalid_parameter',
      'a',
      '"a[b]" mixes a plain value and nested values for a.',
    ],
  ])('refuses %j', (value, status, code, parameter, message) => {
    expect(refusal(() => fromJson(value))).toEqual({ status, code, parameter, message });
  });

  it('counts every value against the 1000 limit', () => {
    expect(refusal(() => fromJson({ a: Array.from({ length: 1000 }, () => 1) }))).toMatchObject({
      status: 413,
      message: 'More than 1000 parameters.',
    });
  });
});

describe('merging and cache keys', () => {
  it('refuses a parameter given in the query and the body', () => {
    const both = () => mergeBags(parseUrlEncoded('q=a'), fromJson({ q: 'b' }));
    expect(refusal(both)).toMatchObject({
      parameter: 'q',
      message: 'q is given both in the query string and in the body.',
    });
  });

  it('gives one key whatever the order of the parameters', () => {
    expect(canonical(parseUrlEncoded('b=1&a[y]=2&a[x]=3'))).toBe(
      canonical(parseUrlEncoded('a[x]=3&b=1&a[y]=2')),
    );
  });
});
