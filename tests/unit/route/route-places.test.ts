/**
 * Making a route from typed places on a real core: a city of the offline list first ("Denver"
 * is Denver, Colorado), several cities of one name to choose from, typed coordinates, a camera's
 * text last; then the line through them, along the roads of the routing service Settings name
 * (a stand-in OSRM over HTTP) or straight when none is named.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { demoCoreTest as test } from '../../helpers/fixtures.ts';
import {
  startRoutingStandIn,
  standInRoad,
  type RoutingStandIn,
} from '../../helpers/routing-standins.ts';
import { distanceToLine, type P } from '../../helpers/independent-geo.ts';

test.override({ demoWorld: { cameras: 300, hours: 2, now: '2026-11-20T12:00:00Z' } });

const DENVER: P = [-104.9847, 39.73915];
const COLORADO_SPRINGS: P = [-104.82136, 38.83388];

describe('typed places', () => {
  test('a city is found offline, by its name as people type it', async ({ core }) => {
    expect(await core.api.invoke('routes.place', { q: 'denver' })).toEqual({
      q: 'denver',
      place: {
        name: 'Denver, CO, US',
        lon: DENVER[0],
        lat: DENVER[1],
        kind: 'city',
        population: 682545,
      },
      choices: [],
    });
    const precise = await core.api.invoke('routes.place', { q: 'Springfield, IL' });
    expect(precise.place).toMatchObject({ name: 'Springfield, IL, US', kind: 'city' });
  });

  test('a name several cities share gives them to choose from, the largest first', async ({
    core,
  }) => {
    const found = await core.api.invoke('routes.place', { q: 'Springfield' });
    expect(found.place).toBeNull();
    expect(found.choices.slice(0, 3).map((c) => [c.name, c.population])).toEqual([
      ['Springfield, MO, US', 166810],
      ['Springfield, MA, US', 154341],
      ['Springfield, IL, US', 116565],
    ]);
  });

  test("typed coordinates, then a camera's text, still work", async ({ core }) => {
    expect((await core.api.invoke('routes.place', { q: '39.5, -104.9' })).place).toEqual({
      name: '39.5, -104.9',
      lon: -104.9,
      lat: 39.5,
      kind: 'coordinates',
      population: null,
    });
    const shown = await core.api.invoke('routes.show', {
      line: [
        [-122.4, 37.75],
        [-121.9, 37.3],
      ],
      bufferKm: 5,
    });
    const camera = shown.cameras[0]!;
    const found = await core.api.invoke('routes.place', { q: camera.name });
    expect(found.place).toEqual({
      name: camera.name,
      lon: camera.lon,
      lat: camera.lat,
      kind: 'camera',
      population: null,
    });
  });
});

describe('the line through the places', () => {
  let osrm: RoutingStandIn;
  beforeAll(async () => void (osrm = await startRoutingStandIn('osrm')));
  afterAll(() => osrm.close());

  test('is straight when no routing service is set', async ({ core }) => {
    await core.api.invoke('settings.update', { routingService: 'none', routingUrl: '' });
    const road = await core.api.invoke('routes.road', {
      points: [DENVER, COLORADO_SPRINGS],
      bufferKm: 1,
    });
    expect(road).toEqual({
      line: [DENVER, COLORADO_SPRINGS],
      routedBy: null,
      simplifiedFrom: null,
    });
  });

  test('follows the road of the routing service Settings name, kept within the buffer', async ({
    core,
  }) => {
    await core.api.invoke('settings.update', { routingService: 'osrm', routingUrl: osrm.url });
    const road = await core.api.invoke('routes.road', {
      points: [DENVER, COLORADO_SPRINGS],
      bufferKm: 1,
    });
    expect(road.routedBy).toEqual({ service: 'OSRM', host: new URL(osrm.url).host });
    expect(road.simplifiedFrom).toBe(1001);
    expect(road.line.length).toBeGreaterThan(2);
    const along = standInRoad([DENVER, COLORADO_SPRINGS]);
    for (const point of along)
      expect(distanceToLine([...point], road.line as P[])).toBeLessThan(1000);
    expect(osrm.asks.at(-1)!.points).toEqual([DENVER, COLORADO_SPRINGS]);
  });

  test('a routing service named without an address is said in words', async ({ core }) => {
    await core.api.invoke('settings.update', { routingService: 'valhalla', routingUrl: '' });
    await expect(
      core.api.invoke('routes.road', { points: [DENVER, COLORADO_SPRINGS], bufferKm: 1 }),
    ).rejects.toThrow(
      'Settings > Route name Valhalla but no address for it: give its address, or choose no routing service.',
    );
    await core.api.invoke('settings.update', { routingService: 'none' });
  });
});
