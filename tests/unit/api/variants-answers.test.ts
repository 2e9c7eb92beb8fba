/**
 * The client reads every variant's answers liberally (src/engine/api/answers/): a page with odd
 * records (the variants' `oddRecords`: null and missing text, an unknown status, format and
 * severity, an extra field, times in other forms, a sensor value and a sensor type the table
 * does not list) keeps all its records, each read as specified; the log says what was odd;
 * an unusable answer still fails in words. Observation Show in the search or the flat form, and
 * the session's roles and context in either shape, read the same. The views' channels of the
 * core are proven on the same answers.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_CLIENT } from '../../../src/service/index.ts';
import { VARIANTS, VARIANT_NAMES } from '../../../src/service/variants/index.ts';
import { isOdd } from '../../../src/service/variants/odd-records.ts';
import { useAccountCore, useClient, useProxy, useService } from '../../helpers/per-describe.ts';

type Json = Record<string, unknown>;
type RawFeature = {
  id: string;
  properties: Json;
  geometry: { type: string; coordinates: unknown[] };
};
const KINDS = ['observations', 'cameras', 'recordings', 'alerts'] as const;
/** ISO 8601 UTC as the client writes every time: '...Z', milliseconds only when there are some. */
const ISO_Z = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3})?Z$/;
/** Parameters that give each kind a page with several records. */
const QUERY: Record<(typeof KINDS)[number], string> = {
  observations: 'limit=100',
  cameras: 'limit=100',
  recordings: 'limit=100',
  alerts: 'limit=100&expired=any',
};

describe.each(VARIANT_NAMES)('answers of the %s service', (name) => {
  const variant = VARIANTS[name];
  const lines: string[] = [];
  const proxy = useProxy(useService({ cameras: 80, hours: 2, variant: name }));
  const client = useClient(proxy, { log: (line) => lines.push(line) });
  const core = useAccountCore(proxy);

  /** The service's own answer, as it sent it (through the proxy, with the client's token). */
  async function raw(path: string): Promise<Json> {
    const token = await client.requester.tokens.token();
    const response = await fetch(`${proxy.url}${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Json;
  }

  it.each(KINDS)('a %s page keeps every record, the odd ones read as specified', async (kind) => {
    const sent = (await raw(`/v1/${kind}?${QUERY[kind]}`))['features'] as RawFeature[];
    lines.length = 0;
    const params = Object.fromEntries(new URLSearchParams(QUERY[kind]));
    const page = await client.search(kind, { ...params, limit: 100 } as never);
    expect(page.features.map((f) => f.id)).toEqual(sent.map((f) => String(f.id)));
    const odd = sent.filter((f) => f.properties['description'] === null);
    // The variants make about one record in seven odd; ours none.
    expect(odd.length > 0).toBe(variant.oddRecords);
    for (const [i, f] of page.features.entries()) {
      const p = f.properties as unknown as Json;
      const given = sent[i]!.properties;
      expect(typeof p['description']).toBe('string');
      if (kind !== 'alerts') expect(typeof p['city']).toBe('string');
      for (const field of ['time', 'start', 'stop', 'created_at', 'effective', 'expires']) {
        if (!(field in given)) continue;
        // Any form the service used, the same instant, written one way.
        expect(p[field]).toMatch(ISO_Z);
        expect(Date.parse(p[field] as string)).toBe(Date.parse(given[field] as string));
      }
    }
    for (const f of odd) {
      const read = page.features.find((r) => r.id === f.id)!;
      const p = read.properties as unknown as Json;
      expect(p['description']).toBe('');
      expect(p[kind === 'alerts' ? 'areaDesc' : 'city']).toBe('');
      expect(p['x_source']).toBe('partner feed');
      expect(read).toHaveProperty('links');
      if (kind === 'recordings') {
        expect(p['status']).toBe('processing');
        expect(p['formats']).not.toContain('gif');
      }
      if (kind === 'alerts') {
        expect(p['severity']).toBe('Unknown');
        // Sent as a MultiPolygon of one part: read as that polygon, the same area.
        expect(f.geometry.type).toBe('MultiPolygon');
        expect(read.geometry).toEqual({ type: 'Polygon', coordinates: f.geometry.coordinates[0] });
      }
      if (kind === 'cameras') expect(p['provider']).toBe('');
      if (kind === 'observations') {
        expect(p['sensors']).toMatchObject({ surface_temp: { data: -2.5, prev: -1 } });
        if ((f.properties['sensors'] as Json)['road_weather'])
          expect(p['sensors']).toMatchObject({ road_weather: { data: 7 } });
      }
    }
    const logged = lines.filter((l) => l.startsWith(`${kind} search:`));
    if (variant.oddRecords) {
      // Once per answer, naming what was odd and how often.
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatch(
        new RegExp(
          `^${kind} search: ${odd.length} of ${sent.length} records incomplete or in another form: .*properties\\.description null \\(${odd.length}\\)`,
        ),
      );
      expect(logged[0]).toContain(`properties.${kind === 'alerts' ? 'areaDesc' : 'city'} missing`);
    } else expect(logged).toEqual([]);
  });

  it('a collection index keeps every collection: null description -> "", no tags -> []', async () => {
    for (const n of ['One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight']) {
      await client.collections.create({ name: `Odd ${n}`, description: 'made by the test' });
    }
    const sent = (await raw('/v1/collections?limit=100'))['results'] as Json[];
    const index = await client.collections.search({ limit: 100 });
    expect(index.results.map((c) => c._id)).toEqual(sent.map((c) => c['_id']));
    const odd = sent.filter((c) => c['description'] === null);
    expect(odd.length > 0).toBe(variant.oddRecords);
    for (const c of index.results) {
      expect(typeof c.description).toBe('string');
      expect(Array.isArray(c.tags)).toBe(true);
    }
    for (const c of odd) {
      const read = index.results.find((r) => r._id === c['_id'])!;
      expect(read).toMatchObject({ description: '', tags: [], owner: 'partner' });
    }
  });

  it('an unusable answer still fails in words: not JSON, not a FeatureCollection, no features, no results', async () => {
    const failure = (call: Promise<unknown>) =>
      call.then(
        () => undefined,
        (e: unknown) => e,
      );
    proxy.inject({
      status: 200,
      path: '/v1/cameras',
      body: '<html>Log in</html>',
      headers: { 'content-type': 'text/html' },
    });
    expect(String(await failure(client.cameras.search({ limit: 5 })))).toMatch(
      /cameras search failed: the service answered with "text\/html" that is not JSON/,
    );
    proxy.inject({
      status: 200,
      path: '/v1/alerts',
      rewrite: (page) => ({ ...page, type: 'Feature' }),
    });
    expect(String(await failure(client.alerts.search({ limit: 5 })))).toMatch(
      /alerts search failed: the service's answer does not follow the service interface \(type: string "Feature", not "FeatureCollection"\)/,
    );
    proxy.inject({
      status: 200,
      path: '/v1/recordings',
      rewrite: ({ features: _, ...page }) => page,
    });
    expect(String(await failure(client.recordings.search({ limit: 5 })))).toMatch(
      /recordings search failed: .*\(features: missing, not an array\)/,
    );
    proxy.inject({ status: 200, path: '/v1/collections', rewrite: () => [] });
    expect(String(await failure(client.collections.search({ limit: 5 })))).toMatch(
      /\(the answer: an array, not a collection index\)/,
    );
  });

  it('Observation Show reads to the same sensors whether the service sends the search or the flat form', async () => {
    const [wanted] = (
      await client.observations.search({ limit: 1, sort: 'time', sort_dir: 'desc' })
    ).features;
    const sent = await raw(`/v1/observations/${encodeURIComponent(wanted!.id)}`);
    const props = sent['properties'] as Json;
    expect('sensors' in props).toBe(variant.observationShow === 'search-form');
    const shown = await client.observations.show(wanted!.id);
    expect(shown.properties.camera_id).toBe(wanted!.properties.camera_id);
    expect(shown.properties.time).toBe(wanted!.properties.time ?? shown.properties.time);
    for (const type of ['road_weather', 'visibility', 'precip'] as const) {
      const data = shown.properties.sensors[type]?.data;
      expect(typeof data).toBe('number');
      if (!isOdd(wanted!.id)) expect(data).toBe(wanted!.properties.sensors[type]?.data);
    }
    // Through the channel the Map's observation panel uses.
    const viaCore = await core.api.invoke('observations.show', { id: wanted!.id });
    expect(viaCore.properties.sensors).toEqual(shown.properties.sensors);
  });

  it('the session reads in any shape: roles as text, context an object', async () => {
    const sent = await raw('/v1/session');
    const session = await client.session();
    expect(session.name).toBe(DEMO_CLIENT.id);
    expect(session.roles.length).toBeGreaterThan(0);
    for (const role of session.roles) expect(typeof role).toBe('string');
    expect(session.roles).toEqual(
      (sent['roles'] as unknown[]).map((r) => (typeof r === 'string' ? r : (r as Json)['name'])),
    );
    expect(typeof session.context).toBe('object');
    proxy.inject({
      status: 200,
      path: '/v1/session',
      rewrite: ({ roles: _, context: __, ...s }) => s,
    });
    expect(await client.session()).toMatchObject({ roles: [], context: {} });
    proxy.inject({
      status: 200,
      path: '/v1/session',
      rewrite: (s) => ({ ...s, roles: 'reader, writer', context: null }),
    });
    expect(await client.session()).toMatchObject({ roles: ['reader', 'writer'], context: {} });
  });

  it("the views' channels keep every record of the same pages", async () => {
    const cameras = await core.api.invoke('cameras.search', { limit: 100 });
    expect(cameras.features).toHaveLength(
      ((await raw('/v1/cameras?limit=100'))['features'] as unknown[]).length,
    );
    const observations = await core.api.invoke('observations.search', { limit: 100 });
    expect(observations.features).toHaveLength(100);
    for (const o of observations.features) expect(o.properties.time).toMatch(ISO_Z);
    const recordings = await core.api.invoke('recordings.search', { limit: 100 });
    const sentRecordings = (await raw('/v1/recordings?limit=100'))['features'] as RawFeature[];
    expect(recordings.features).toHaveLength(sentRecordings.length);
    const downloads = await core.api.invoke('recordings.search', { limit: 100 });
    expect(downloads.features.map((r) => r.id)).toEqual(sentRecordings.map((r) => r.id));
    for (const r of downloads.features) {
      for (const format of r.properties.formats) expect(['jpg', 'mp4', 'zip']).toContain(format);
    }
    const alerts = await core.api.invoke('alerts.all', {});
    expect(alerts.features.length).toBeGreaterThan(0);
    for (const a of alerts.features) expect(a.properties.expires).toMatch(ISO_Z);
    const search = await core.api.invoke('alerts.search', {});
    for (const a of search.features) expect(typeof a.properties.severity).toBe('string');
  });
});
