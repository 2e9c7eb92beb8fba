/**
 * The routing services a user may choose, each asked through the core's real network of a
 * stand-in speaking its documented format over HTTP: the road comes back along the stand-in's
 * line, and every refusal (no route, a broken or oversized answer, too many points, silence,
 * a refused key) is said in words that name the service and never its key.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Network } from '../../../src/engine/net/network.ts';
import { routeAlongRoads, type RouterLimits } from '../../../src/engine/routing/router.ts';
import type { LonLat } from '../../../src/shared/geo.ts';
import {
  GRAPHHOPPER_KEY,
  standInRoad,
  startRoutingStandIn,
  type RoutingStandIn,
  type StandInKind,
} from '../../helpers/routing-standins.ts';
import { haversine } from '../../helpers/independent-geo.ts';

const DENVER: LonLat = [-104.9847, 39.7392];
const CASTLE_ROCK: LonLat = [-104.8561, 39.3722];
const COLORADO_SPRINGS: LonLat = [-104.8214, 38.8339];

const LIMITS: RouterLimits = { timeoutMs: 5_000, answerCap: 1024 * 1024, maxPoints: 10_000 };
const NAMES: Record<StandInKind, string> = {
  osrm: 'OSRM',
  valhalla: 'Valhalla',
  graphhopper: 'GraphHopper',
};
const NO_ROUTE: Record<StandInKind, string> = {
  osrm: 'Impossible route between points',
  valhalla: 'No path could be found for input',
  graphhopper: 'Connection between locations not found',
};

let network: Network;
beforeAll(() => void (network = new Network({ proxy: { mode: 'none' } })));
afterAll(() => network.close());

describe.each(['osrm', 'valhalla', 'graphhopper'] as const)('a %s routing service', (kind) => {
  let standIn: RoutingStandIn;
  const key = kind === 'graphhopper' ? GRAPHHOPPER_KEY : null;
  const ask = (points: LonLat[], limits = LIMITS) =>
    routeAlongRoads(network, { kind, url: standIn.url, key }, points, limits);
  const where = () => `${NAMES[kind]} at ${new URL(standIn.url).host}`;

  beforeAll(async () => void (standIn = await startRoutingStandIn(kind)));
  afterAll(() => standIn.close());

  test('draws the road through the start, the stops and the end', async () => {
    standIn.behave('route');
    const line = await ask([DENVER, CASTLE_ROCK, COLORADO_SPRINGS]);
    const road = standInRoad([DENVER, CASTLE_ROCK, COLORADO_SPRINGS]);
    expect(line).toHaveLength(road.length);
    // GraphHopper's default precision is 5 digits: within a meter and a half of the road.
    const closeM = kind === 'graphhopper' ? 1.5 : 0.15;
    line.forEach((point, i) => expect(haversine([...point], [...road[i]!])).toBeLessThan(closeM));
    const asked = standIn.asks.at(-1)!;
    expect(asked.points).toEqual([DENVER, CASTLE_ROCK, COLORADO_SPRINGS]);
    expect(asked.method).toBe(kind === 'valhalla' ? 'POST' : 'GET');
  });

  test('says in its own words that no road joins the places', async () => {
    standIn.behave('no-route');
    await expect(ask([DENVER, COLORADO_SPRINGS])).rejects.toThrow(
      `${NAMES[kind]} found no road between the places (${NO_ROUTE[kind]}): choose places on or near roads.`,
    );
  });

  test('refuses an answer that is not JSON', async () => {
    standIn.behave('bad-json');
    await expect(ask([DENVER, COLORADO_SPRINGS])).rejects.toThrow(
      `${where()} answered with something that is not JSON (HTTP 200): check that its address in Settings > Route is the routing service's own.`,
    );
  });

  test('stops reading an answer past its cap', async () => {
    standIn.behave('huge');
    await expect(ask([DENVER, COLORADO_SPRINGS])).rejects.toThrow(
      `Asking ${where()} for the route failed: the routing service sent more than 1 MB for one answer`,
    );
  });

  test('refuses a road of more points than a route may have', async () => {
    standIn.behave('route');
    await expect(ask([DENVER, COLORADO_SPRINGS], { ...LIMITS, maxPoints: 500 })).rejects.toThrow(
      `${where()} answered with 1,001 points, more than the 500 a route may have: add a stop and save the route in parts.`,
    );
  });

  test('gives up on a service that does not answer, saying how long it waited', async () => {
    standIn.behave('silent');
    await expect(ask([DENVER, COLORADO_SPRINGS], { ...LIMITS, timeoutMs: 1_000 })).rejects.toThrow(
      `${where()} did not answer within 1 second: try again later, or choose another routing service in Settings > Route.`,
    );
  });
});

describe('GraphHopper', () => {
  test('a refused key is said in words that do not hold the key', async () => {
    const standIn = await startRoutingStandIn('graphhopper');
    try {
      const refused = routeAlongRoads(
        network,
        { kind: 'graphhopper', url: standIn.url, key: 'a-wrong-key-9931' },
        [DENVER, COLORADO_SPRINGS],
        LIMITS,
      );
      await expect(refused).rejects.toThrow(
        'GraphHopper refused the API key (HTTP 401): check the key in Settings > Route, or get one from the service.',
      );
      await refused.catch((error: Error) => expect(error.message).not.toContain('9931'));
      expect(new URL(standIn.asks[0]!.url, 'http://x').searchParams.get('key')).toBe(
        'a-wrong-key-9931',
      );
    } finally {
      await standIn.close();
    }
  });
});
