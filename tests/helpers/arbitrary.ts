/**
 * fast-check arbitraries from the JSON Schema of a zod schema (`z.toJSONSchema`): values of the
 * right shape, sizes and patterns, for property tests that need input a schema accepts (the
 * IPC contract's channels). Covers what the contract uses: objects, arrays and tuples, strings
 * (enum, const, pattern, lengths, date-time), numbers and integers with bounds, booleans,
 * null, anyOf. Refinements a JSON Schema cannot say are left to the caller's `safeParse`.
 */
import fc from 'fast-check';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

/**
 * Values for `schema`. `known(name)` may offer values that exist (ids of real cameras, say)
 * for a property of that name: they are mixed with generated ones, so that handlers get past
 * "not found" too.
 */
export function arbitraryOf(
  schema: JsonSchema,
  known: (name: string) => unknown[] = () => [],
  name = '',
): fc.Arbitrary<unknown> {
  const offered = known(name);
  const own = shapeOf(schema, known);
  return offered.length > 0 ? fc.oneof(fc.constantFrom(...offered), own) : own;
}

function shapeOf(s: JsonSchema, known: (name: string) => unknown[]): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => arbitraryOf(a, known)));
  if (Array.isArray(s.type)) {
    return fc.oneof(...s.type.map((type) => arbitraryOf({ ...s, type }, known)));
  }
  switch (s.type) {
    case 'object': {
      const properties = Object.entries(s.properties ?? {});
      const record = Object.fromEntries(
        properties.map(([key, value]) => [key, arbitraryOf(value, known, key)]),
      );
      return fc.record(record, { requiredKeys: s.required ?? [] });
    }
    case 'array': {
      if (s.prefixItems) return fc.tuple(...s.prefixItems.map((p) => arbitraryOf(p, known)));
      return fc.array(arbitraryOf(s.items ?? {}, known), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 8, (s.minItems ?? 0) + 8),
      });
    }
    case 'string':
      return stringOf(s);
    case 'integer':
    case 'number':
      return numberOf(s);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue();
  }
}

function stringOf(s: JsonSchema): fc.Arbitrary<string> {
  const maxLength = s.maxLength ?? 64;
  const fits = (text: string) => text.length >= (s.minLength ?? 0) && text.length <= maxLength;
  if (s.format === 'date-time') {
    return fc
      .date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2100-01-01T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString());
  }
  if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter(fits);
  return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(maxLength, 64) });
}

function numberOf(s: JsonSchema): fc.Arbitrary<number> {
  const integer = s.type === 'integer';
  const step = integer ? 1 : Number.EPSILON;
  const min = s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + step : s.minimum;
  const max = s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - step : s.maximum;
  if (integer) {
    return fc.integer({
      min: Math.max(min ?? -1e9, Number.MIN_SAFE_INTEGER),
      max: Math.min(max ?? 1e9, Number.MAX_SAFE_INTEGER),
    });
  }
  return fc.double({ min: min ?? -1e9, max: max ?? 1e9, noNaN: true, noDefaultInfinity: true });
}
