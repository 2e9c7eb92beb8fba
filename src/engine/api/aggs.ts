/**
 * Aggregations are extras of a search: the interface lists some attributes as "seen in use" and
 * leaves the complete list open, so a service may refuse the others (or, in its own words, any
 * of them). A search whose aggregations are refused is asked again with only the ones the interface
 * lists, then with none; the page is what the user asked for, the facets are what the service
 * gives. What a service refused is remembered for its kind of search, so it costs one extra
 * request once, not on every search.
 */
import { SEEN_AGGREGATIONS, type AggregatingKind } from '../../shared/api/index.ts';
import { ServiceError } from './errors.ts';
import type { Log } from '../log.ts';

/** The `aggs` of a search's parameters as a list of names. */
function aggsOf(params: { aggs?: unknown }): string[] {
  const value = params.aggs;
  if (typeof value === 'string') return value.split(',').filter(Boolean);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** A 400 that may be about the aggregations: it names them, or names no parameter at all. */
function mayBeAboutAggs(error: unknown): error is ServiceError {
  return (
    error instanceof ServiceError &&
    error.status === 400 &&
    (error.parameter === undefined || error.parameter === 'aggs')
  );
}

export class AggregationFallback {
  #refused = new Map<string, Set<string>>();
  #log: Log;

  constructor(log: Log) {
    this.#log = log;
  }

  /** The aggregations each kind's searches were refused (the connection report names them). */
  refused(): Record<string, string[]> {
    return Object.fromEntries([...this.#refused].map(([kind, names]) => [kind, [...names]]));
  }

  /** Runs `send` with the asked aggregations, or with fewer when the service refuses them. */
  async run<P extends { aggs?: unknown }, T>(
    kind: AggregatingKind,
    params: P,
    send: (params: P) => Promise<T>,
  ): Promise<T> {
    const asked = aggsOf(params);
    if (asked.length === 0) return send(params);
    const refused = this.#refused.get(kind) ?? new Set<string>();
    const usable = asked.filter((name) => !refused.has(name));
    const withAggs = (names: readonly string[]): P => ({
      ...params,
      aggs: names.length > 0 ? [...names] : undefined,
    });
    try {
      return await send(withAggs(usable));
    } catch (error) {
      if (usable.length === 0 || !mayBeAboutAggs(error)) throw error;
      const seen: readonly string[] = SEEN_AGGREGATIONS[kind];
      const listed = usable.filter((name) => seen.includes(name));
      const fallbacks = listed.length < usable.length && listed.length > 0 ? [listed, []] : [[]];
      for (const names of fallbacks) {
        try {
          const answer = await send(withAggs(names));
          const dropped = usable.filter((name) => !names.includes(name));
          for (const name of dropped) refused.add(name);
          this.#refused.set(kind, refused);
          this.#log(
            `${kind} search: the service refused the aggregations ${dropped.join(', ')} ` +
              `(${error.message}); searching without them from now on`,
          );
          return answer;
        } catch (again) {
          if (!mayBeAboutAggs(again)) throw again;
        }
      }
      // Refused without aggregations too: the 400 was about something else.
      throw error;
    }
  }
}
