/**
 * The contract's input schemas are built on first use (src/shared/ipc/first-use.ts): loading the
 * contract builds none, reading a channel's input builds that channel's (and the pieces it
 * shares, once), and it is the same schema, as strict and worded as before, at every read after.
 */
import { describe, expect, it, vi } from 'vitest';
import type * as Replay from '../../../src/shared/ipc/replay.ts';
import { contractBuilds, zodBuilds } from '../../helpers/zod-builds.ts';

vi.mock('zod', async (real) =>
  (await import('../../helpers/zod-builds.ts')).listingZod(await real()),
);

const contract = () => import('../../../src/shared/ipc.ts');

describe("the contract's schemas, built on first use", () => {
  it('are not built as the contract and the command line’s channels load', async () => {
    const { channelNames, channels, events } = await contract();
    const { commandLineChannels } = await import('../../../src/shared/ipc/command-line.ts');
    expect(channelNames.length).toBeGreaterThan(80);
    expect(Object.keys(commandLineChannels).length).toBeGreaterThan(20);
    // Naming them, telling them apart and listing them builds nothing either.
    expect(Object.keys(channels)).toEqual(channelNames);
    expect(Object.keys(events)).toContain('downloads.update');
    expect(contractBuilds()).toEqual([]);
    // The stand-in sees the other files' builders (the settings' schema is built as it loads).
    expect(zodBuilds.some((build) => build.startsWith('src/shared/settings.ts '))).toBe(true);
  });

  it("builds a channel's input at its first read, from its file only, and keeps it", async () => {
    const { channels } = await contract();
    const start = zodBuilds.length;
    const show = channels['cameras.show'].input;
    // z.object for the channel, z.string for the camera id it shares with six others.
    expect(contractBuilds(start)).toEqual([
      'src/shared/ipc/cameras.ts z.object',
      'src/shared/ipc/cameras.ts z.string',
    ]);
    expect(channels['cameras.show'].input).toBe(show);
    const timeline = channels['cameras.timeline'].input;
    expect(contractBuilds(start).slice(2)).toEqual([
      'src/shared/ipc/cameras.ts z.object',
      'src/shared/ipc/cameras.ts z.number',
    ]);
    expect(timeline.shape.id).toBe(show.shape.id);
  });

  it('checks as strictly, in the same words', async () => {
    const { channels } = await contract();
    const show = channels['cameras.show'].input;
    expect(show.safeParse({ id: 'US-CO-000042' })).toEqual({
      success: true,
      data: { id: 'US-CO-000042' },
    });
    expect(show.safeParse({ id: 'US-CO-000042', extra: 1 }).error?.issues).toMatchObject([
      { code: 'unrecognized_keys', keys: ['extra'] },
    ]);
    expect(show.safeParse({ id: 'a camera' }).error?.issues[0]?.message).toBe(
      'Camera ids are letters, digits and . : _ -',
    );
    const add = channels['collections.create'].input;
    expect(add.safeParse({ name: ' ' }).error?.issues[0]?.message).toBe(
      'Give the collection a name.',
    );
  });

  it('still refuses a channel name that two domains define', async () => {
    vi.resetModules();
    vi.doMock('../../../src/shared/ipc/replay.ts', async (real) => {
      const replay = await real<typeof Replay>();
      const { cameraChannels } = await import('../../../src/shared/ipc/cameras.ts');
      return {
        ...replay,
        replayChannels: {
          ...replay.replayChannels,
          'cameras.show': cameraChannels['cameras.show'],
        },
      };
    });
    await expect(contract()).rejects.toThrow('IPC name cameras.show is defined twice.');
    vi.doUnmock('../../../src/shared/ipc/replay.ts');
    vi.resetModules();
  });
});
