/**
 * A routing service's broken answers and a refused key, said in the user's language: the core
 * sends what they mean beside its English, and the window or the command line words it.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Network } from '../../../src/engine/net/network.ts';
import { routeAlongRoads, type RouterLimits } from '../../../src/engine/routing/router.ts';
import { routeLine } from '../../../src/engine/routing/services.ts';
import { loadTranslator } from '../../../src/shared/i18n/catalogues.ts';
import type { Said } from '../../../src/shared/i18n/translator.ts';
import type { LonLat } from '../../../src/shared/geo.ts';
import { startRoutingStandIn } from '../../helpers/routing-standins.ts';

const DENVER: LonLat = [-104.9847, 39.7392];
const COLORADO_SPRINGS: LonLat = [-104.8214, 38.8339];
const LIMITS: RouterLimits = { timeoutMs: 5_000, answerCap: 1024 * 1024, maxPoints: 10_000 };

let network: Network;
beforeAll(() => void (network = new Network({ proxy: { mode: 'none' } })));
afterAll(() => network.close());

/** The error a call ends in, with what it said. */
async function refusal(call: () => unknown): Promise<Error & { said: Said }> {
  try {
    await call();
  } catch (error) {
    return error as Error & { said: Said };
  }
  throw new Error('the call did not fail');
}

test('an answer that is not JSON, and a refused key, said in German and in Spanish', async () => {
  const [de, es] = await Promise.all([loadTranslator('de'), loadTranslator('es')]);
  const osrm = await startRoutingStandIn('osrm');
  const graphhopper = await startRoutingStandIn('graphhopper');
  try {
    osrm.behave('bad-json');
    const host = new URL(osrm.url).host;
    const broken = await refusal(() =>
      routeAlongRoads(
        network,
        { kind: 'osrm', url: osrm.url, key: null },
        [DENVER, COLORADO_SPRINGS],
        LIMITS,
      ),
    );
    expect(de.say(broken.said)).toBe(
      `OSRM bei ${host} hat mit etwas geantwortet, das kein JSON ist (HTTP 200): Prüfen Sie, ob die Adresse unter Einstellungen > Route die des Routing-Dienstes ist.`,
    );
    const key = { kind: 'graphhopper' as const, url: graphhopper.url, key: 'a-wrong-key-9931' };
    const refused = await refusal(() =>
      routeAlongRoads(network, key, [DENVER, COLORADO_SPRINGS], LIMITS),
    );
    expect(es.say(refused.said)).toBe(
      'GraphHopper rechazó la clave de API (HTTP 401): revise la clave en Ajustes > Ruta, u obtenga una del servicio.',
    );
  } finally {
    await Promise.all([osrm.close(), graphhopper.close()]);
  }
});

test('a route line that does not decode, or of one point, said in German', async () => {
  const de = await loadTranslator('de');
  // "_" starts a number that never ends; "_p~iF~ps|U" is one point.
  const answer = (geometry: string) => ({ code: 'Ok', routes: [{ geometry }] });
  const broken = await refusal(() => routeLine('osrm', 200, answer('_')));
  expect(broken.message).toBe('OSRM answered with a route line that does not decode.');
  expect(de.say(broken.said)).toBe(
    'OSRM hat mit einer Routenlinie geantwortet, die sich nicht entschlüsseln lässt.',
  );
  const single = await refusal(() => routeLine('osrm', 200, answer('_p~iF~ps|U')));
  expect(single.message).toBe('OSRM answered with a route of one point.');
  expect(de.say(single.said)).toBe(
    'OSRM hat mit einer Route aus einem einzigen Punkt geantwortet.',
  );
});
