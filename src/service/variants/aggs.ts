/**
 * A service that aggregates only on the attributes the interface lists as seen in use
 * (src/shared/api/aggs.ts) refuses any other, as our service refuses an attribute it cannot
 * aggregate on.
 */
import { SEEN_AGGREGATIONS, type AggregatingKind } from '../../shared/api/index.ts';
import { invalidParameter } from '../http/errors.ts';
import type { ParamBag, ParamValue } from '../http/params.ts';

function names(value: ParamValue | undefined): string[] {
  if (value === undefined) return [];
  if (typeof value === 'string') return value.split(',').map((n) => n.trim());
  if (Array.isArray(value)) return value.flatMap((v) => names(v));
  return [];
}

/**
 * Throws the 400 of a service that aggregates only on what the interface lists for the search at
 * `base`.
 */
export function refuseUnseenAggs(base: string, params: ParamBag): void {
  const kind = base.replace(/^\/v1\//, '');
  if (!Object.hasOwn(SEEN_AGGREGATIONS, kind)) return;
  const seen: readonly string[] = SEEN_AGGREGATIONS[kind as AggregatingKind];
  for (const name of names(params['aggs'])) {
    if (name !== '' && !seen.includes(name)) {
      throw invalidParameter(
        'aggs',
        `Cannot aggregate on "${name}"; aggregations here: ${seen.join(', ')}.`,
      );
    }
  }
}
