import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore, type Core } from '../../../src/engine/core.ts';
import { tempDir } from '../../helpers/core.ts';
import { demoCoreTest as test } from '../../helpers/fixtures.ts';
import { snapshotTime } from '../../../src/engine/api/groups.ts';
import { alertSnapshotAnswer } from '../../../src/engine/api/answers/features.ts';
import { Oddities } from '../../../src/engine/api/answers/liberal.ts';
import { compactAlerts, MAX_RING, thinned } from '../../../src/engine/replay/alert-snapshots.ts';

// The weather replay's alerts (alerts/_all) through the core's own transport, against the
// embedded service: what the service says was in force at each mark, compact and drawable.
test.override({ demoWorld: { cameras: 120, hours: 6, now: '2026-11-20T12:00:00Z' } });

describe('the alerts of a replay mark', () => {
  test('are the alerts of the snapshot file, least severe first, as [lat, lon] rings', async ({
    core,
  }) => {
    const marks = await core.api.invoke('replay.marks', { hours: 5 });
    const answers = await Promise.all(
      marks.map((time) => core.api.invoke('replay.alerts', { time })),
    );
    const withAlerts = answers.filter((a) => a.alerts.length > 0);
    // The world has storms: some marks hold alerts, and what they hold changes over five hours.
    expect(withAlerts.length).toBeGreaterThan(0);
    expect(new Set(answers.map((a) => a.alerts.map((x) => x.id).join())).size).toBeGreaterThan(1);

    const shown = withAlerts.at(-1)!;
    expect(marks).toContain(shown.time);
    const file = await core.client.alerts.snapshot(new Date(shown.time));
    expect(shown.mark).toBe(snapshotTime(new Date(shown.time)));
    expect(shown.alerts.map((a) => a.id).sort()).toEqual(file.features.map((f) => f.id).sort());
    const first = file.features[0]!;
    const drawn = shown.alerts.find((a) => a.id === first.id)!;
    expect(drawn.event).toBe(first.properties.event);
    expect(drawn.polygons[0]![0]![0]).toEqual([
      first.geometry.coordinates[0]![0]![1],
      first.geometry.coordinates[0]![0]![0],
    ]);
    const ranks = shown.alerts.map((a) =>
      ['minor', 'moderate', 'severe', 'extreme'].indexOf(a.severity),
    );
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });

  test('a mark the service has no file for fails in words; its observations still come', async ({
    core,
  }) => {
    const [oldest] = await core.api.invoke('replay.marks', { hours: 48 });
    await expect(core.api.invoke('replay.alerts', { time: oldest! })).rejects.toThrow(
      /No snapshot for .*keeps snapshots from/,
    );
    const marks = await core.api.invoke('replay.marks', { hours: 1 });
    const observations = await core.api.invoke('replay.observations', { time: marks.at(-1)! });
    expect(observations.ids).toHaveLength(120);
  });
});

// Another provider's choices: signed URLs on another origin, a rate limit, HTML error pages.
describe('the alerts of a replay mark from the stranger-b service', () => {
  const dir = tempDir();
  let core: Core;
  beforeAll(async () => {
    core = await startCore({
      dataDir: dir.path,
      connection: {
        kind: 'demo',
        world: { cameras: 60, hours: 2, now: '2026-11-20T12:00:00Z', variant: 'stranger-b' },
      },
      log: () => {},
    });
  }, 120_000);
  afterAll(async () => {
    await core?.close();
    dir.remove();
  });

  it('come through the redirect to the other origin; a missing mark fails in words', async () => {
    const marks = await core.api.invoke('replay.marks', { hours: 48 });
    const newest = await core.api.invoke('replay.alerts', { time: marks.at(-1)! });
    const file = await core.client.alerts.snapshot(new Date(marks.at(-1)!));
    expect(newest.alerts.map((a) => a.id).sort()).toEqual(file.features.map((f) => f.id).sort());
    expect(newest.alerts.length).toBeGreaterThan(0);
    expect(newest.alerts.every((a) => a.polygons[0]![0]!.length >= 4)).toBe(true);
    await expect(core.api.invoke('replay.alerts', { time: marks[0]! })).rejects.toThrow(
      /alerts snapshot failed: .*404/,
    );
  });
});

describe('an alert snapshot read liberally', () => {
  const ring = (w: number, s: number) => [
    [w, s],
    [w + 1, s],
    [w + 1, s + 1],
    [w, s],
  ];
  const feature = (id: string, geometry: unknown, properties: object) => ({
    type: 'Feature',
    id,
    geometry,
    properties: { event: 'Flood Warning', headline: `${id} headline`, ...properties },
    extra: { nested: true },
  });

  test('draws Polygon and MultiPolygon, leaves out what has no area, keeps unknown words', () => {
    const features = [
      feature('poly', { type: 'Polygon', coordinates: [ring(-100, 40)] }, { severity: 'Severe' }),
      feature(
        'multi',
        { type: 'MultiPolygon', coordinates: [[ring(-90, 30)], [ring(-80, 30), ring(-79.5, 30)]] },
        { severity: 'catastrophic', colour: 'red' },
      ),
      feature('none', null, { severity: 'extreme' }),
      feature('point', { type: 'Point', coordinates: [1, 2] }, { severity: 'minor' }),
      feature('broken', { type: 'Polygon', coordinates: [[['a', 'b']]] }, { severity: 'minor' }),
      { id: 'words', geometry: { type: 'Polygon', coordinates: [ring(0, 0)] }, properties: {} },
    ];
    const out = compactAlerts('20262011T1100Z', '2026-11-20T11:00:00.000Z', features);
    expect(out.alerts.map((a) => a.id)).toEqual(['multi', 'words', 'poly']);
    const [multi, words, poly] = out.alerts;
    expect(multi!.severity).toBe('catastrophic');
    expect(multi!.polygons).toHaveLength(2);
    expect(multi!.polygons[1]).toHaveLength(2);
    expect(multi!.polygons[0]![0]![1]).toEqual([30, -89]);
    expect(words).toMatchObject({ event: '', headline: '', severity: '' });
    expect(poly!.polygons).toEqual([[ring(-100, 40).map(([lon, lat]) => [lat, lon])]]);
    expect(Object.keys(poly!).sort()).toEqual(['event', 'headline', 'id', 'polygons', 'severity']);
  });

  test('reads what the client reads from a file (null geometry with a bbox is its box)', () => {
    const file = {
      type: 'FeatureCollection',
      features: [
        { ...feature('boxed', null, { severity: 'moderate' }), bbox: [-100, 40, -99, 41] },
        feature('lost', null, { severity: 'moderate' }),
      ],
    };
    const read = alertSnapshotAnswer.read(file, new Oddities());
    const out = compactAlerts('m', 't', read.features);
    expect(out.alerts.map((a) => a.id)).toEqual(['boxed']);
    expect(out.alerts[0]!.polygons[0]![0]).toContainEqual([41, -99]);
  });

  test('a ring of thousands of vertices is thinned to a few hundred of the same shape', () => {
    const circle: [number, number][] = [];
    for (let i = 0; i <= 5000; i++) {
      const a = (i / 5000) * 2 * Math.PI;
      circle.push([40 + Math.sin(a), -100 + Math.cos(a) * (1 + 0.01 * Math.sin(40 * a))]);
    }
    const thin = thinned(circle);
    expect(thin.length).toBeLessThanOrEqual(MAX_RING);
    expect(thin.length).toBeGreaterThan(MAX_RING / 4);
    expect(thin[0]).toEqual(circle[0]);
    expect(thin.at(-1)).toEqual(circle.at(-1));
    const lats = thin.map(([lat]) => lat);
    expect(Math.max(...lats)).toBeCloseTo(41, 2);
    expect(Math.min(...lats)).toBeCloseTo(39, 2);
  });
});
