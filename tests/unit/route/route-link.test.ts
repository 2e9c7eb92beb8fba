/**
 * A route carried whole in a roadcam:// link: made by the app, taken by the main process's link
 * check (deep-link.ts), read back by the Route view; a malformed or over-long one is refused in
 * words.
 */
import { describe, expect, it } from 'vitest';
import { MAX_ROUTE_QUERY_CHARS, routeFromLink } from '../../../src/desktop/deep-link.ts';
import type { LonLat } from '../../../src/shared/geo.ts';
import { MAX_LINK_LINE_CHARS, parseRouteQuery, routeLink } from '../../../src/shared/route-link.ts';
import { loadTranslator } from '../../../src/shared/i18n/catalogues.ts';

const line: LonLat[] = [
  [-105.0, 39.74],
  [-105.5, 39.7],
  [-106.1, 39.63],
];

/** What the renderer reads from the route the main process hands it. */
function opened(link: string) {
  const route = routeFromLink(link);
  if (route === null) return null;
  // As the renderer's router reads it (lib/router.svelte.ts: path, then the query's parameters).
  const [path = '', search = ''] = route.split('?', 2);
  const query = Object.fromEntries(new URLSearchParams(search));
  return { view: path.slice(1), read: parseRouteQuery(query) };
}

describe('a route link', () => {
  it('round-trips name, line and buffer through the main process and the router', () => {
    const link = routeLink({ name: 'I-70 west & back?', line, bufferKm: 2.5 });
    expect(link.startsWith('roadcam://route?')).toBe(true);
    expect(opened(link)).toEqual({
      view: 'route',
      read: { ok: true, route: { name: 'I-70 west & back?', line, bufferKm: 2.5 } },
    });
  });

  it('thins a line too long for a link rather than making no link', () => {
    const long: LonLat[] = Array.from({ length: 2000 }, (_, i) => [
      -120 + i * 0.013 + (i % 2) * 0.007,
      35 + (i % 7) * 0.011,
    ]);
    const link = routeLink({ name: 'Long', line: long, bufferKm: 1 });
    const read = opened(link)!.read;
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(new URL(link).searchParams.get('line')!.length).toBeLessThanOrEqual(MAX_LINK_LINE_CHARS);
    expect(read.route.line[0]).toEqual(long[0]);
    expect(read.route.line.at(-1)).toEqual(long.at(-1));
  });

  it('refuses a malformed one in words', () => {
    const cases: [Record<string, string>, string][] = [
      [{ name: 'x' }, 'it carries no line'],
      [
        { line: '_p~iF~ps|U_ulL' },
        'its line is not an encoded polyline (polyline has a latitude without longitude)',
      ],
      [{ line: '_p~iF~ps|U' }, 'its line has fewer than two points'],
      [
        { line: '_p~iF~ps|U_ulLnnqC', buffer: 'wide' },
        'its buffer is not a distance from 0.1 to 50 km',
      ],
      [
        { line: '_p~iF~ps|U_ulLnnqC', buffer: '500' },
        'its buffer is not a distance from 0.1 to 50 km',
      ],
      [{ line: '_p~iF~ps|U_ulLnnqC', buffer: '-1' }, 'its buffer is not a distance'],
    ];
    for (const [query, why] of cases) {
      const read = parseRouteQuery(query);
      expect(read.ok, JSON.stringify(query)).toBe(false);
      if (!read.ok) {
        expect(read.error).toContain(`This route link cannot be opened: ${why}`);
        expect(read.error).toMatch(/Ask for a new link\.$/);
      }
    }
  });

  it('over the length bound, opens the Route view only to say it is too long', () => {
    const huge = `roadcam://route?name=x&line=${'_'.repeat(MAX_ROUTE_QUERY_CHARS)}`;
    expect(routeFromLink(huge)).toBe('/route?refused=too-long');
    expect(parseRouteQuery({ refused: 'too-long' })).toMatchObject({
      ok: false,
      error:
        'This route link cannot be opened: it is longer than 16,000 characters. Ask for a new link.',
    });
  });

  it('takes no path segments after the view', () => {
    expect(routeFromLink('roadcam://route/extra?line=abc')).toBeNull();
  });
});

describe('a route link refused in German', () => {
  it("says what is wrong in the user's language, and names an unnamed route in it", async () => {
    const german = await loadTranslator('de');
    const refusals = [
      [{ refused: 'too-long' }, 'Er ist länger als 16.000 Zeichen.'],
      [{ name: 'x' }, 'Er enthält keine Linie'],
      [{ line: '_p~iF~ps|U_ulLnnqC', buffer: '500' }, 'keine Entfernung von 0,1 bis 50 km.'],
      // What is wrong with the line itself is said in the same language as the sentence.
      [
        { line: '_p~iF~ps|U_ulL' },
        'keine kodierte Polylinie (die Polylinie hat einen Breitengrad ohne Längengrad)',
      ],
      [{ line: '_p~iF!' }, '(die Polylinie hat an Stelle 6 ein ungültiges Zeichen)'],
    ] as const;
    for (const [query, words] of refusals) {
      const read = parseRouteQuery(query);
      expect(read.ok).toBe(false);
      if (!read.ok) {
        expect(german.say(read.said)).toMatch(/^Dieser Routenlink lässt sich nicht öffnen: /);
        expect(german.say(read.said)).toContain(words);
      }
    }
    const unnamed = parseRouteQuery({ line: '_p~iF~ps|U_ulLnnqC' }, german.t('route.link.unnamed'));
    expect(unnamed.ok && unnamed.route.name).toBe('Geteilte Route');
    expect(parseRouteQuery({ line: '_p~iF~ps|U_ulLnnqC' })).toMatchObject({
      route: { name: 'Shared route' },
    });
  });
});
