/**
 * Every channel of the IPC contract, called through the core's validating edge with inputs its
 * schema accepts (generated from the schema, mixed with ids that exist in the demo world): the
 * answer is a value or a failure a user can read, never a programming error surfacing (a
 * TypeError, "undefined", an SQLite message), and the core keeps answering. The renderer is
 * untrusted; the schema is only the first gate.
 */
import fc from 'fast-check';
import { z } from 'zod';
import { describe, expect } from 'vitest';
import { demoCoreTest as test } from '../../helpers/fixtures.ts';
import { channelNames, channels, type Channel } from '../../../src/shared/ipc.ts';
import { arbitraryOf, type JsonSchema } from '../../helpers/arbitrary.ts';
import { expectReadable } from '../../helpers/readable.ts';

/** Channels left out, each for a reason that is about this machine, not the channel. */
const LEFT_OUT: Partial<Record<Channel, string>> = {
  'app.chooseFolder': 'opens a desktop dialog',
  'app.chooseFile': 'opens a desktop dialog',
  'profiles.save': "writes this machine's keychain",
  'profiles.remove': "writes this machine's keychain",
  'profiles.test': "reads this machine's keychain",
  'profiles.use': 'switches the core to another service',
  'downloads.add': 'writes files into whatever folder it is given',
  'recordings.createMany': 'writes files into whatever folder it is given',
  'downloads.open': 'opens files with the desktop shell',
  'collections.export': 'writes a file wherever it is told',
  'datasets.export': 'writes a dataset into whatever folder it is given',
  'recordings.create': "builds up to 30 minutes of frames per call on the service's side",
};

const known: Record<string, unknown[]> = {};

test.override({ demoWorld: { cameras: 40, hours: 2, now: '2026-11-20T12:00:00Z' } });
test.beforeAll(async ({ core }) => {
  const cameras = (await core.client.cameras.search({ limit: 5 })).features.map((c) => c.id);
  const recordings = (await core.client.recordings.search({ limit: 3 })).features.map((r) => r.id);
  const collection = await core.api.invoke('collections.create', { name: 'Fuzzed' });
  known.cameraId = cameras;
  known.recordingId = recordings;
  known.collectionId = [collection.id];
  known.id = [...cameras, collection.id, 1, 2];
  known.time = ['2026-11-20T11:30:00Z', '2026-11-20T11:59:00.000Z'];
  // Areas the searches take, so that they get past the service's validation too.
  known.bbox = [
    [-180, -90, 180, 90],
    [-125, 24, -66, 50],
    [170, -50, -170, 50],
  ];
  known.polygon = ['-125 24, -66 24, -66 50, -125 50, -125 24'];
  // Settings whose text has a form (a full path, an https address) the JSON Schema cannot say.
  known.downloadFolder = ['', '/srv/roadcam-fuzz'];
  known.tileUrl = [''];
  known.updateFeedUrl = [''];
  known.routingUrl = ['', 'https://router.example.org'];
}, 120_000);

describe('every IPC channel with input its schema accepts', () => {
  const fuzzed = channelNames.filter((c) => !LEFT_OUT[c]);

  test('leaves out only the channels it says why for', () => {
    for (const [channel, why] of Object.entries(LEFT_OUT)) {
      expect(channelNames).toContain(channel);
      console.log(`IPC fuzz leaves out ${channel}: it ${why}`);
    }
    expect(fuzzed.length).toBeGreaterThan(50);
  });

  test.for(fuzzed)(
    '%s answers with a value or a readable failure',
    { timeout: 120_000 },
    async (channel, { core }) => {
      const schema = channels[channel].input;
      const json = z.toJSONSchema(schema, { unrepresentable: 'any' }) as JsonSchema;
      let reached = 0;
      let failed = 0;
      await fc.assert(
        fc.asyncProperty(
          arbitraryOf(json, (name) => known[name] ?? []),
          async (input) => {
            // Refinements a JSON Schema cannot express: such input is the validation's to refuse.
            if (!schema.safeParse(input).success) return;
            reached++;
            const answer = await core.dispatch(channel, input);
            if (!answer.ok) failed++;
            if (!answer.ok && process.env.FUZZ_REPORT) {
              console.log(channel, answer.error.message.slice(0, 160));
            }
            expectReadable(answer, input);
          },
        ),
        {
          numRuns: Number(process.env.FUZZ_RUNS ?? 30),
          seed: Number(process.env.FUZZ_SEED ?? 20261122),
        },
      );
      if (process.env.FUZZ_REPORT) console.log(`${channel}: ${reached} reached, ${failed} failed`);
      // The generator must produce input the schema takes, or this test would test nothing.
      expect(reached, `${channel}: no generated input passed its schema`).toBeGreaterThan(0);
      expect((await core.dispatch('app.status', {})).ok).toBe(true);
    },
  );
});
