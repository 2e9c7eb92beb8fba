/** Route files from routing apps: GPX and GeoJSON read, bounded, and refused in words. */
import { describe, expect, it } from 'vitest';
import {
  MAX_FILE_POINTS,
  MAX_ROUTE_FILE_BYTES,
  MAX_ROUTE_POINTS,
  parseRouteFile,
} from '../../../src/shared/route-file.ts';
import { loadTranslator } from '../../../src/shared/i18n/catalogues.ts';

const gpx = (body: string) =>
  `<?xml version="1.0"?>\n<gpx version="1.1" creator="test"><metadata><name>Pass run</name></metadata>${body}</gpx>`;
const parse = (text: string) =>
  parseRouteFile('route.gpx', text, new TextEncoder().encode(text).length);

describe('a route file', () => {
  it('reads a GPX track, attributes in either order, duplicates dropped', () => {
    const text = gpx(
      `<trk><trkseg><trkpt lat="39.7" lon="-105.0"><ele>1600</ele></trkpt><trkpt lon='-105.5' lat='39.6'/><trkpt lon="-105.5" lat="39.6"/><trkpt lat="39.5" lon="-106.1"></trkpt></trkseg></trk>`,
    );
    expect(parse(text)).toEqual({
      ok: true,
      line: [
        [-105, 39.7],
        [-105.5, 39.6],
        [-106.1, 39.5],
      ],
      name: 'Pass run',
      thinnedFrom: null,
    });
  });

  it('reads a GPX route when there is no track', () => {
    const result = parse(gpx('<rte><rtept lat="1" lon="2"/><rtept lat="3" lon="4"/></rte>'));
    expect(result).toMatchObject({
      ok: true,
      line: [
        [2, 1],
        [4, 3],
      ],
    });
  });

  it('refuses a GPX with no track or route, saying what to export', () => {
    const result = parse(gpx('<wpt lat="1" lon="2"><name>Home</name></wpt>'));
    expect(result).toMatchObject({
      ok: false,
      error:
        'route.gpx: the GPX file has no track or route points (no <trkpt> or <rtept>). Export the route as a track from your routing app.',
    });
  });

  it('reads GeoJSON: a LineString in a Feature of a FeatureCollection, with its name', () => {
    const text = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [0, 0] } },
        {
          type: 'Feature',
          properties: { name: 'Commute' },
          geometry: {
            type: 'LineString',
            coordinates: [
              [-105, 39.7, 1600],
              [-105.2, 39.8],
            ],
          },
        },
      ],
    });
    expect(parseRouteFile('commute.geojson', text, text.length)).toMatchObject({
      ok: true,
      name: 'Commute',
      line: [
        [-105, 39.7],
        [-105.2, 39.8],
      ],
    });
  });

  it('refuses GeoJSON without a line, and text that is neither', () => {
    const point = JSON.stringify({ type: 'Point', coordinates: [1, 2] });
    expect(parseRouteFile('p.json', point, point.length)).toMatchObject({
      ok: false,
      error: 'p.json: the GeoJSON has no LineString (a route is a LineString or MultiLineString).',
    });
    expect(parseRouteFile('notes.txt', 'hello', 5)).toMatchObject({
      ok: false,
      error: expect.stringContaining('neither GPX nor valid JSON'),
    });
    const outside = JSON.stringify({
      type: 'LineString',
      coordinates: [
        [0, 0],
        [200, 10],
      ],
    });
    expect(parseRouteFile('x.json', outside, outside.length)).toMatchObject({
      ok: false,
      error: expect.stringContaining('200, 10 is not a longitude and latitude'),
    });
  });

  it('refuses a file over the size bound before reading it', () => {
    const result = parseRouteFile('huge.gpx', '', MAX_ROUTE_FILE_BYTES + 1);
    expect(result).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^huge\.gpx is 5\.0 MB; a route file may be at most 5 MB/),
    });
  });

  it('refuses more points than the bound, and thins a long track to what a route keeps', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => [-100 + i * 1e-4, 40]);
    const tooMany = JSON.stringify({ type: 'LineString', coordinates: many(MAX_FILE_POINTS + 1) });
    expect(parseRouteFile('log.json', tooMany, 1000)).toMatchObject({
      ok: false,
      error: expect.stringContaining('more than 200,000 points'),
    });
    const long = JSON.stringify({ type: 'LineString', coordinates: many(10_000) });
    const result = parseRouteFile('long.json', long, 1000);
    expect(result).toMatchObject({ ok: true, thinnedFrom: 10_000 });
    if (!result.ok) return;
    expect(result.line).toHaveLength(MAX_ROUTE_POINTS);
    expect(result.line[0]).toEqual([-100, 40]);
    expect(result.line.at(-1)![0]).toBeCloseTo(-100 + 9999e-4, 9);
  });

  describe('adversarial files of 5 MB (the size bound) are read in linear time', () => {
    // Generous for a busy machine: a quadratic reading of these takes many minutes.
    const BOUND_MS = 3000;
    const fill = (unit: string) =>
      unit.repeat(Math.floor((MAX_ROUTE_FILE_BYTES - 200) / unit.length));
    const timed = (text: string) => {
      const started = performance.now();
      const result = parse(text);
      return { result, ms: performance.now() - started };
    };

    // No `>` after the `<gpx` either: a search for it from each `<trkpt` reads to the end.
    const open = (body: string) => `<gpx ${body}`;
    it.each([
      ['<trkpt without >', open(fill('<trkpt '))],
      ['<trkpt without > after one track point', open(`<trkpt lat="1" lon="2">${fill('<trkpt ')}`)],
      ['an unclosed attribute value', open(`<trkpt lat="${fill('1.5 lon=')}`)],
      ['one name of 5 MB', open(`<trkpt ${fill('latlon')}`)],
      ['attribute soup', gpx(`<trkpt ${fill('a=b= "=\'lat= ')}>`)],
      ['names and = without quotes', open(fill('<trkpt lat=lon=lat= '))],
    ])('%s: refused in words, within the bound', (_, text) => {
      expect(text.length).toBeGreaterThan(MAX_ROUTE_FILE_BYTES - 300);
      const { result, ms } = timed(text);
      expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/^route\.gpx: \w/) });
      expect(ms).toBeLessThan(BOUND_MS);
    });

    it('a real 5 MB track among attribute noise: every point read, within the bound', () => {
      const noise = ' x="' + 'y'.repeat(400) + '" ';
      const point = (i: number) =>
        `<trkpt${noise}lat="${(40 + i * 1e-5).toFixed(5)}"${noise}lon="-105"${noise}/>`;
      const count = Math.floor(MAX_ROUTE_FILE_BYTES / point(0).length) - 1;
      const text = gpx(Array.from({ length: count }, (_, i) => point(i)).join(''));
      const { result, ms } = timed(text);
      expect(result).toMatchObject({ ok: true, thinnedFrom: count });
      expect(ms).toBeLessThan(BOUND_MS);
    });
  });

  it('refuses GeoJSON nested 100,000 deep in words, not with a stack overflow', () => {
    for (const [open, close] of [
      ['{"type":"FeatureCollection","features":[', ']}'],
      ['[', ']'],
      ['{"a":', '}'],
    ]) {
      const text = open!.repeat(100_000) + close!.repeat(100_000);
      expect(parseRouteFile('deep.json', text, text.length)).toMatchObject({
        ok: false,
        error: expect.stringMatching(
          /^deep\.json: its JSON is nested more than 64 levels deep; a GeoJSON route needs fewer than 10\./,
        ),
      });
    }
    // Brackets inside strings are not nesting: a name may hold any.
    const named = JSON.stringify({
      type: 'Feature',
      properties: { name: '[[[{{{'.repeat(100) + '\\"' },
      geometry: {
        type: 'LineString',
        coordinates: [
          [0, 0],
          [1, 1],
        ],
      },
    });
    expect(parseRouteFile('named.json', named, named.length)).toMatchObject({ ok: true });
  });
});

describe('a route file refused in German', () => {
  it("says what is wrong in the user's language, its numbers in their way", async () => {
    const german = await loadTranslator('de');
    const big = parseRouteFile('gross.gpx', '', 5.25 * 1024 * 1024);
    const tooMany = `{"type":"LineString","coordinates":[${'[1,2],'.repeat(MAX_FILE_POINTS)}[1,2]]}`;
    const refusals = [
      [big, 'gross.gpx ist 5,3 MB groß; eine Routendatei darf höchstens 5 MB groß sein.'],
      [
        parse('<?xml version="1.0"?><kml/>'),
        'route.gpx: Das ist XML, aber kein GPX (kein <gpx>-Element).',
      ],
      [
        parse(gpx('<trk><trkseg><trkpt lat="x" lon="1"/></trkseg></trk>')),
        'route.gpx: Ein <trkpt> hat keine Zahl',
      ],
      [parseRouteFile('log.json', tooMany, 1000), 'log.json: Sie enthält mehr als 200.000 Punkte.'],
      [parseRouteFile('notes.txt', 'hello', 5), 'notes.txt: Das ist weder GPX noch gültiges JSON'],
    ] as const;
    for (const [result, words] of refusals) {
      expect(result.ok).toBe(false);
      if (!result.ok) expect(german.say(result.said)).toContain(words);
    }
  });
});
