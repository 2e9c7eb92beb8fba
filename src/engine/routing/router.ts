/**
 * Asks the routing service the user chose for the road between places: through the core's
 * network (its proxy, certificates and pools), within a time and a size, every failure in words
 * that name the service and its host, never the address whole (GraphHopper's key rides in it).
 */
import type { LonLat } from '../../shared/geo.ts';
import { AnswerTooLarge, readCapped } from '../api/capped-read.ts';
import { said } from '../../shared/i18n/translator.ts';
import type { Network } from '../net/network.ts';
import { ROUTER_NAMES, RoutingError, routeAsk, routeLine, type RouterKind } from './services.ts';

/** A city-to-city answer is a few hundred KB; a cross-continent one with every point a few MB. */
export const ROUTER_ANSWER_CAP = 16 * 1024 * 1024;
/** Points a routed line may have before it is simplified: more is no real drive's answer. */
export const MAX_ROUTED_POINTS = 500_000;
/** A routing service answers in well under a second; a busy public one in a few. */
export const ROUTER_TIMEOUT_MS = 20_000;

export interface RouterChoice {
  kind: RouterKind;
  url: string;
  /** GraphHopper's API key, read from the keychain; null for none. */
  key: string | null;
}

export interface RouterLimits {
  timeoutMs: number;
  answerCap: number;
  maxPoints: number;
}

const LIMITS: RouterLimits = {
  timeoutMs: ROUTER_TIMEOUT_MS,
  answerCap: ROUTER_ANSWER_CAP,
  maxPoints: MAX_ROUTED_POINTS,
};

/** The road through `points` (start, stops, end), as the routing service drew it. */
export async function routeAlongRoads(
  network: Pick<Network, 'fetch'>,
  router: RouterChoice,
  points: readonly LonLat[],
  limits: RouterLimits = LIMITS,
): Promise<LonLat[]> {
  const name = ROUTER_NAMES[router.kind];
  const host = hostOf(router.url);
  const ask = routeAsk(router.kind, router.url, points, router.key);
  const signal = AbortSignal.timeout(limits.timeoutMs);
  const seconds = Math.round(limits.timeoutMs / 1000);
  const asking = said('routing.asking', { name, host });
  let status: number;
  let text: string;
  try {
    const response = await network.fetch(ask.url, { ...ask.init, signal });
    status = response.status;
    text = await readCapped(asking, response.body, limits.answerCap);
  } catch (error) {
    if (signal.aborted) {
      throw new RoutingError(said('routing.refused.timeout', { name, host, seconds }));
    }
    if (error instanceof AnswerTooLarge) throw new AnswerTooLarge(asking, error.cap, 'routing');
    // The fetch's own words name the host and port, not the address with its key; cut it anyway.
    const cause = router.key
      ? (error as Error).message.replaceAll(router.key, '(key)')
      : (error as Error).message;
    throw new RoutingError(said('routing.refused.unreachable', { name, host, cause }));
  }
  const line = routeLine(router.kind, status, parsed(text, status, name, host));
  if (line.length > limits.maxPoints) {
    const points = line.length;
    const max = limits.maxPoints;
    throw new RoutingError(said('routing.refused.tooManyPoints', { name, host, points, max }));
  }
  return line;
}

function parsed(text: string, status: number, name: string, host: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new RoutingError(said('routing.refused.notJson', { name, host, status: String(status) }));
  }
}

/** The host alone: the address may carry an API key in its query. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'an unreadable address';
  }
}
