/**
 * The core against a service whose answers are damaged: the real embedded service behind a
 * proxy that rewrites every JSON answer (but the token's) with seeded, random damage: fields
 * dropped, values of another type, lists emptied or repeated, numbers out of range, times that
 * are no times. The reading channels are then called with valid input, and each must answer a
 * value or a failure in words (the answer checks of src/engine/api/answers/, or the handler's
 * own), never a bug (code `internal`, a TypeError's words). Damage that keeps an answer valid
 * (an empty list, a zero, a repeated feature) reaches the handlers themselves.
 */
import fc from 'fast-check';
import { afterAll, describe, expect } from 'vitest';
import { apiTest as test } from '../../helpers/fixtures.ts';
import type { Core } from '../../../src/engine/core.ts';
import { channels, type Channel } from '../../../src/shared/ipc.ts';
import { tempDir, startAccountCore } from '../../helpers/core.ts';
import { expectReadable } from '../../helpers/readable.ts';

let core: Core;
let dir: ReturnType<typeof tempDir>;
const calls: [Channel, unknown][] = [];

test.override({ world: { cameras: 60, hours: 2 } });
test.beforeAll(async ({ proxy }) => {
  dir = tempDir();
  core = await startAccountCore(dir.path, proxy.url);
  // Real ids, taken while the answers are still whole.
  const cameras = (await core.client.cameras.search({ limit: 3 })).features.map((c) => c.id);
  const observation = (await core.client.observations.search({ limit: 1 })).features[0]!.id;
  const recording = (await core.client.recordings.search({ limit: 1 })).features[0]!.id;
  const alert = (await core.client.alerts.search({ expired: 'any', limit: 1 })).features[0]!.id;
  const collection = await core.api.invoke('collections.create', { name: 'Damaged' });
  const camera = cameras[0]!;
  const [mark] = await core.api.invoke('replay.marks', { hours: 2 });
  calls.push(
    ['app.checkConnection', {}],
    ['cameras.search', {}],
    ['observations.search', {}],
    ['recordings.search', {}],
    ['alerts.search', {}],
    ['alerts.all', {}],
    ['alerts.show', { id: alert }],
    ['cameras.show', { id: camera }],
    ['cameras.imageTimes', { cameraId: camera }],
    ['cameras.timeline', { id: camera, hours: 2 }],
    ['observations.show', { id: observation }],
    ['replay.marks', { hours: 2 }],
    ['replay.observations', { time: mark ?? '2026-11-21T11:00:00Z' }],
    ['replay.alerts', { time: mark ?? '2026-11-21T11:00:00Z' }],
    ['cameras.byIds', { ids: cameras }],
    ['observations.latest', { ids: cameras }],
    ['collections.search', {}],
    ['collections.images', { id: collection.id }],
    ['collections.count', { id: collection.id }],
    ['collections.recordingFrames', { recordingId: recording }],
    ['alerts.watches.check', {}],
  );
}, 120_000);

afterAll(async () => {
  await core?.close();
  dir?.remove();
});

/** mulberry32: the same seed, the same damage. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ODD_VALUES: unknown[] = [
  null,
  '',
  0,
  -1,
  1e308,
  true,
  [],
  {},
  'x'.repeat(5000),
  '2026-13-45T99:99:99Z',
  'not a time',
  '\u202e\u0000<b>',
];

/** Walks a JSON answer and damages about `rate` of its values. */
function damage(answer: unknown, next: () => number, rate: number): unknown {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
  const walk = (value: unknown): unknown => {
    if (next() < rate) {
      if (Array.isArray(value)) return pick([[], [...value, ...value], value.slice(1)]);
      return pick(ODD_VALUES);
    }
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, v] of Object.entries(value)) {
        if (next() < rate / 2) continue; // dropped
        out[key] = walk(v);
      }
      return out;
    }
    return value;
  };
  return walk(answer);
}

describe('the core against a service with damaged answers', () => {
  test('calls only channels whose input is valid, so that each reaches its handler', () => {
    expect(calls.length).toBeGreaterThan(20);
    for (const [channel, input] of calls) {
      expect(channels[channel].input.safeParse(input).success, channel).toBe(true);
    }
  });

  test('answers every reading channel with a value or a failure in words', async ({ proxy }) => {
    let damaged = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.constantFrom(0.01, 0.05, 0.3),
        async (seed, rate) => {
          const next = random(seed);
          proxy.rewriteAll((answer) => {
            damaged++;
            return damage(answer, next, rate);
          });
          try {
            for (const [channel, input] of calls) {
              expectReadable(await core.dispatch(channel, input), { channel, seed, rate });
            }
          } finally {
            proxy.rewriteAll(undefined);
          }
        },
      ),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 12), seed: Number(process.env.FUZZ_SEED ?? 5) },
    );
    // Answers were damaged, or this test tested nothing.
    expect(damaged).toBeGreaterThan(100);
    expect((await core.dispatch('app.status', {})).ok).toBe(true);
  }, 300_000);
});
