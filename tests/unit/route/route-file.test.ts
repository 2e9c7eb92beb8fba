/** Route files from routing apps: GPX and GeoJSON read, bounded, and refused in words. */
import { describe, expect, it } from 'vitest';
import {
  MAX_FILE_POINTS,
  MAX_ROUTE_FILE_BYTES,
  MAX_ROUTE_POINTS,
  parseRouteFile,
} from '../../../src/shared/route-file.ts';

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
    expect(result).toEqual({
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
    expect(parseRouteFile('p.json', point, point.length)).toEqual({
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
});
