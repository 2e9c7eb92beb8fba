/**
 * The wall state's adds against a real demo core: a full wall asks (a larger layout, or a camera
 * replaced) and answers what happened, an add from elsewhere goes to the last opened wall, and a
 * rename answers whether the engine saved it.
 */
import { afterEach, describe, expect } from 'vitest';
import { words } from '../../../../src/renderer/lib/words.svelte.ts';
import type { WallAddResult } from '../../../../src/renderer/wall/room.ts';
import { WallState, type NameAnswer } from '../../../../src/renderer/wall/wall.svelte.ts';
import type { CameraSummary } from '../../../../src/shared/ipc/cameras.ts';
import type { Api } from '../../../../src/shared/ipc.ts';
import { test } from '../../../helpers/renderer-core.ts';

const wallRoute = { view: 'wall' as const, rest: [], query: {} };

/** An answer as the person reads it now: what happened, and its words. */
const inWords = (answer: WallAddResult | NameAnswer) => ({
  outcome: answer.outcome,
  text: 'notice' in answer ? answer.notice.text : answer.say(),
});

afterEach(() => words.use('en'));

describe('adding to a wall', () => {
  test('a full wall changes nothing until the person chooses', async ({ core }) => {
    const cameras = await camerasOf(core.api, 6);
    const wall = new WallState(core.api);
    await wall.show(wallRoute);
    for (const camera of cameras.slice(0, 4)) {
      expect(wall.add(camera).outcome).toBe('added');
    }
    const fifth = cameras[4]!;
    expect(inWords(wall.add(fifth))).toEqual({
      outcome: 'wall-full',
      text: `The wall “My wall” is full (4 of 4): open it to make it larger or replace a camera with ${fifth.name}.`,
    });
    expect(wall.layout).toBe('2x2');
    expect(wall.tiles).toHaveLength(4);
    expect(wall.pending).toEqual({ camera: fifth, replacing: false });

    wall.grow();
    expect(wall.layout).toBe('3x3');
    expect(wall.tiles.map((t) => t.id)).toEqual(cameras.slice(0, 5).map((c) => c.id));
    expect(wall.pending).toBeNull();
    wall.stopRefreshing();
  });

  test('a replaced camera gives its place and size to the new one', async ({ core }) => {
    const cameras = await camerasOf(core.api, 3);
    const wall = new WallState(core.api);
    wall.replaceCameras(cameras.slice(0, 1), 'One');
    wall.setSpan(0, 2, 2);
    expect(wall.add(cameras[1]!).outcome).toBe('wall-full');
    wall.replace(0);
    expect(wall.tiles).toEqual([{ ...cameras[1]!, colSpan: 2, rowSpan: 2 }]);
    expect(wall.notice).toEqual({
      text: `Replaced ${cameras[0]!.name} with ${cameras[1]!.name}.`,
      error: false,
    });
    expect(wall.add(cameras[1]!)).toMatchObject({ outcome: 'already-there' });
    wall.stopRefreshing();
  });

  test('an add from elsewhere goes to the last opened wall, saved at once', async ({ core }) => {
    const cameras = await camerasOf(core.api, 8);
    const first = new WallState(core.api);
    first.replaceCameras(cameras.slice(5, 7), 'Commute');
    await first.flush();
    first.stopRefreshing();

    // Another page (the Map's), whose wall state never showed a wall.
    const other = new WallState(core.api);
    const result = await other.addById(cameras[7]!.id);
    expect(inWords(result)).toEqual({
      outcome: 'added',
      text: `Added ${cameras[7]!.name} to the wall “Commute”.`,
    });
    const saved = await core.api.invoke('walls.open', {});
    expect(saved?.tiles.map((t) => t.id)).toEqual(cameras.slice(5, 8).map((c) => c.id));
    expect(inWords(await other.addById('CAMNOPE1'))).toEqual({
      outcome: 'not-found',
      text: 'The service has no camera CAMNOPE1.',
    });
    other.stopRefreshing();
  });
});

describe('renaming a wall', () => {
  test('says Saved once written, refuses an empty name, and says why a save failed', async ({
    core,
  }) => {
    const wall = new WallState(core.api);
    wall.startNew();
    // Named, a new wall is saved even before it has a camera.
    expect(inWords(await wall.rename('  Night shift '))).toEqual({
      outcome: 'saved',
      text: 'Saved',
    });
    expect(wall.saved.find((s) => s.id === wall.id)?.name).toBe('Night shift');
    expect(inWords(await wall.rename('   '))).toEqual({
      outcome: 'refused',
      text: 'A wall needs a name: type one.',
    });
    expect(wall.name).toBe('Night shift');

    // Deleted elsewhere (another window): the engine refuses, and the answer says why.
    await core.api.invoke('walls.remove', { id: wall.id! });
    const failed = await wall.rename('Day shift');
    expect(failed.outcome).toBe('refused');
    expect(failed.say()).toBe(
      'Not saved: This wall no longer exists (deleted in another window?): choose New wall… to start again.',
    );
    wall.stopRefreshing();
  });
});

async function camerasOf(api: Api, n: number): Promise<CameraSummary[]> {
  const page = await api.invoke('cameras.search', { limit: n });
  const { cameras } = await api.invoke('cameras.byIds', { ids: page.features.map((f) => f.id) });
  return cameras;
}

describe('the words of an answer already given', () => {
  test('follow a change of language', async ({ core }) => {
    const cameras = await camerasOf(core.api, 2);
    const wall = new WallState(core.api);
    wall.replaceCameras(cameras.slice(0, 1), 'Pass');
    const full = wall.add(cameras[1]!);
    wall.replace(0);
    const named = await wall.rename('   ');
    expect(wall.notice?.text).toBe(`Replaced ${cameras[0]!.name} with ${cameras[1]!.name}.`);

    await words.use('de');
    expect(wall.notice?.text).toBe(`${cameras[0]!.name} wurde durch ${cameras[1]!.name} ersetzt.`);
    expect(full.notice.text).toBe(
      `Die Wand „Pass“ ist voll (1 von 1): Öffnen Sie sie, um sie zu vergrößern oder eine Kamera durch ${cameras[1]!.name} zu ersetzen.`,
    );
    expect(named.say()).toBe('Eine Wand braucht einen Namen: Geben Sie einen ein.');
    wall.stopRefreshing();
  });
});
