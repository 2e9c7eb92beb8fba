/**
 * A routing service's broken answers and a refused key, said in the user's language: the core
 * sends what they mean beside its English, and the window or the command line words it.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Network } from '../../../src/engine/net/network.ts';
import { routeAlongRoads, type RouterLimits } from '../../../src/engine/routing/router.ts';
import { routeLine } from '../../../src/engine/routing/services.ts';
import { chosenRouter } from '../../../src/engine/routes/road.ts';
import { simplifyRoute } from '../../../src/shared/route-simplify.ts';
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

test('no road, a silent service, one that cannot be reached, and too many points, in German', async () => {
  const de = await loadTranslator('de');
  const valhalla = await startRoutingStandIn('valhalla');
  const choice = { kind: 'valhalla' as const, url: valhalla.url, key: null };
  const host = new URL(valhalla.url).host;
  const ask = (limits = LIMITS, router = choice) =>
    refusal(() => routeAlongRoads(network, router, [DENVER, COLORADO_SPRINGS], limits));
  try {
    valhalla.behave('no-route');
    // The service's own words stay as it sent them, inside ours.
    expect(de.say((await ask()).said)).toBe(
      'Valhalla hat keine Straße zwischen den Orten gefunden (No path could be found for input): Wählen Sie Orte auf oder nahe einer Straße.',
    );
    valhalla.behave('route');
    expect(de.say((await ask({ ...LIMITS, maxPoints: 500 })).said)).toBe(
      `Valhalla bei ${host} hat mit 1.001 Punkten geantwortet, mehr als die 500, die eine Route haben darf: Fügen Sie einen Zwischenhalt hinzu und speichern Sie die Route in Teilen.`,
    );
    valhalla.behave('silent');
    expect(de.say((await ask({ ...LIMITS, timeoutMs: 1_000 })).said)).toBe(
      `Valhalla bei ${host} hat nicht innerhalb von 1 Sekunde geantwortet: Versuchen Sie es später erneut, oder wählen Sie unter Einstellungen > Route einen anderen Routingdienst.`,
    );
  } finally {
    await valhalla.close();
  }
  // Closed: nothing listens at its address any more.
  const gone = await ask(LIMITS, choice);
  expect(de.say(gone.said)).toMatch(
    new RegExp(
      `^Valhalla bei ${host} ist nicht erreichbar \\(.+\\): Prüfen Sie seine Adresse unter Einstellungen > Route\\.$`,
    ),
  );
});

test('a refusal in the service’s words, a Route setting without an address, and a road too winding, in Spanish', async () => {
  const es = await loadTranslator('es');
  const refused = await refusal(() =>
    routeLine('osrm', 400, { code: 'InvalidQuery', message: 'Query string malformed' }),
  );
  expect(refused.message).toBe('OSRM refused the route (InvalidQuery: Query string malformed).');
  expect(es.say(refused.said)).toBe('OSRM rechazó la ruta (InvalidQuery: Query string malformed).');
  const noAddress = await refusal(() =>
    chosenRouter({ routingService: 'graphhopper', routingUrl: '' }, () => Promise.resolve(null)),
  );
  expect(es.say(noAddress.said)).toBe(
    'Ajustes > Ruta indica GraphHopper pero no su dirección: indique su dirección, o no elija ningún servicio de rutas.',
  );
  const winding = simplifyRoute(
    Array.from({ length: 400 }, (_, i): LonLat => [-105 + i * 0.001, 39 + (i % 2) * 0.01]),
    0.1,
    20,
  );
  expect(winding.ok).toBe(false);
  expect(es.say((winding as { said: Said }).said)).toBe(
    'La ruta tiene demasiadas curvas para guardarla en 20 puntos a menos de 0,1 km de la carretera: amplíe el margen, o añada una parada y guárdela por partes.',
  );
});

test('an answer past its cap names the routing service it asked, in French', async () => {
  const fr = await loadTranslator('fr');
  const osrm = await startRoutingStandIn('osrm');
  try {
    osrm.behave('huge');
    const host = new URL(osrm.url).host;
    const router = { kind: 'osrm' as const, url: osrm.url, key: null };
    const huge = await refusal(() =>
      routeAlongRoads(network, router, [DENVER, COLORADO_SPRINGS], LIMITS),
    );
    expect(huge.message).toMatch(new RegExp(`^Asking OSRM at ${host} for the route failed: `));
    expect(fr.say(huge.said)).toMatch(
      new RegExp(
        `^La demande d’itinéraire à OSRM sur ${host} a échoué : le service d’itinéraires a envoyé plus de 1 MB`,
      ),
    );
  } finally {
    await osrm.close();
  }
});
