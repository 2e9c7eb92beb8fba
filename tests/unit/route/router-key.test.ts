/**
 * GraphHopper's API key on a real core: kept in the system keychain (never in the settings),
 * read only to ask GraphHopper, and a refused or missing key said in words without the key.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { demoCoreTest as test } from '../../helpers/fixtures.ts';
import { skipKeychain, skipReason } from '../../helpers/keychain-env.ts';
import {
  GRAPHHOPPER_KEY,
  startRoutingStandIn,
  type RoutingStandIn,
} from '../../helpers/routing-standins.ts';

const POINTS: [number, number][] = [
  [-104.9847, 39.73915],
  [-104.82136, 38.83388],
];

describe.skipIf(skipKeychain)(
  `GraphHopper's key${skipKeychain ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let graphhopper: RoutingStandIn;
    beforeAll(async () => void (graphhopper = await startRoutingStandIn('graphhopper')));
    afterAll(() => graphhopper.close());

    test('goes to the keychain and to GraphHopper only; without it the refusal is said', async ({
      core,
    }) => {
      await core.api.invoke('settings.update', {
        routingService: 'graphhopper',
        routingUrl: graphhopper.url,
      });
      await core.api.invoke('routes.routerKey', { key: null });
      const road = () => core.api.invoke('routes.road', { points: POINTS, bufferKm: 1 });
      await expect(road()).rejects.toThrow(
        'GraphHopper refused the API key (HTTP 401): check the key in Settings > Route, or get one from the service.',
      );
      expect(await core.api.invoke('routes.routerKey', { key: GRAPHHOPPER_KEY })).toEqual({
        saved: true,
      });
      const found = await road();
      expect(found.routedBy).toEqual({
        service: 'GraphHopper',
        host: new URL(graphhopper.url).host,
      });
      const sent = new URL(graphhopper.asks.at(-1)!.url, 'http://x').searchParams.get('key');
      expect(sent).toBe(GRAPHHOPPER_KEY);
      expect(JSON.stringify(await core.api.invoke('settings.get', {}))).not.toContain(
        GRAPHHOPPER_KEY,
      );
      await core.api.invoke('routes.routerKey', { key: null });
      await core.api.invoke('settings.update', { routingService: 'none' });
    });
  },
);
