/**
 * The wall's state (src/renderer/wall/wall.svelte.ts) against a real demo core: what a route
 * opens, what is saved and when, walls from links, and the sensor readings.
 */
import { describe, expect } from 'vitest';
import type { ViewAddress } from '../../../../src/renderer/lib/router.svelte.ts';
import { words } from '../../../../src/renderer/lib/words.svelte.ts';
import { WallState } from '../../../../src/renderer/wall/wall.svelte.ts';
import type { CameraSummary } from '../../../../src/shared/ipc/cameras.ts';
import type { Api } from '../../../../src/shared/ipc.ts';
import { startOfflineCore } from '../../../helpers/core.ts';
import { test } from '../../../helpers/renderer-core.ts';

const route = (rest: string[] = [], query: Record<string, string> = {}): ViewAddress => ({
  view: 'wall',
  rest,
  query,
});

describe('the wall state', () => {
  test('a first visit shows an empty, unsaved wall', async ({ core }) => {
    const wall = new WallState(core.api);
    await wall.show(route());
    expect(wall).toMatchObject({ id: null, name: 'My wall', layout: '2x2', tiles: [] });
    expect(wall.saved).toEqual([]);
    wall.stopRefreshing();
  });

  test('cameras added are saved shortly after, and the next page opens the same wall', async ({
    core,
  }) => {
    const cameras = await camerasOf(core.api, 5);
    const wall = new WallState(core.api);
    await wall.show(route());
    wall.setLayout('3x3');
    for (const camera of cameras) wall.add(camera);
    expect(wall.shown.map((t) => t.id)).toEqual(cameras.map((c) => c.id));
    wall.add(cameras[0]!);
    expect(wall.notice).toEqual({
      text: `${cameras[0]!.name} is already on the wall “My wall”.`,
      error: false,
    });
    await wall.flush();
    expect(wall.id).not.toBeNull();
    expect(wall.saved.map((s) => s.id)).toEqual([wall.id]);
    wall.stopRefreshing();

    const reopened = new WallState(core.api);
    await reopened.show(route());
    expect(reopened.id).toBe(wall.id);
    expect(reopened.tiles.map((t) => t.id)).toEqual(cameras.map((c) => c.id));
    reopened.stopRefreshing();
  });

  test('a wall from a link is not saved until the user saves it', async ({ core }) => {
    const cameras = await camerasOf(core.api, 2);
    const before = await core.api.invoke('walls.list', {});
    const wall = new WallState(core.api);
    const ids = [...cameras.map((c) => c.id), 'CAMNOPE1'].join(',');
    await wall.show(route([], { cameras: ids, layout: '2x2' }));
    expect(wall).toMatchObject({ id: null, name: 'Shared wall', fromLink: true, layout: '2x2' });
    expect(wall.tiles.map((t) => t.id)).toEqual(cameras.map((c) => c.id));
    expect(wall.notice).toEqual({
      text: 'The link names cameras the service does not know: CAMNOPE1.',
      error: true,
    });

    wall.remove(1);
    await wall.flush();
    expect(await core.api.invoke('walls.list', {})).toEqual(before);

    await wall.saveLinkWall();
    expect(wall.fromLink).toBe(false);
    expect(wall.id).not.toBeNull();
    const saved = await core.api.invoke('walls.open', { id: wall.id! });
    expect(saved?.tiles.map((t) => t.id)).toEqual([cameras[0]!.id]);
    wall.stopRefreshing();
  });

  test("an unsaved wall's default name follows the language; saved, it keeps its own", async ({
    core,
  }) => {
    const cameras = await camerasOf(core.api, 1);
    const wall = new WallState(core.api);
    await wall.show(route([], { cameras: cameras[0]!.id, layout: '2x2' }));
    try {
      await words.use('de');
      expect(wall.name).toBe('Geteilte Wand');
      await wall.saveLinkWall();
      await words.use('en');
      expect(wall.name).toBe('Geteilte Wand');
      const saved = await core.api.invoke('walls.open', { id: wall.id! });
      expect(saved?.name).toBe('Geteilte Wand');
    } finally {
      await words.use('en');
      wall.stopRefreshing();
    }
  });

  test('opening is shown while under way; a link the service cannot answer says why', async () => {
    const offline = await startOfflineCore();
    try {
      const wall = new WallState(offline.api);
      const opening = wall.show(route([], { cameras: 'CAMONE01,CAMTWO02', layout: '2x2' }));
      expect(wall.loading).toBe(true);
      await opening;
      expect(wall.loading).toBe(false);
      expect(wall.opening.error).toMatch(/^Could not open the wall: .{10,}/);
      expect(wall.notice?.text).toMatch(/^Could not open the wall: .{10,}/);
      expect(wall.notice?.error).toBe(true);
      wall.stopRefreshing();
    } finally {
      await offline.cleanup();
    }
  });

  test('a saved wall that no longer exists says so and shows the last wall', async ({ core }) => {
    const wall = new WallState(core.api);
    await wall.show(route(['9999']));
    expect(wall.notice).toEqual({
      text: 'Wall 9999 no longer exists. Showing your last wall.',
      error: true,
    });
    wall.stopRefreshing();
  });

  test('removing the wall on screen shows the last opened one', async ({ core }) => {
    const [a, b] = await camerasOf(core.api, 2);
    const wall = new WallState(core.api);
    await wall.show(route());
    wall.startNew();
    wall.add(a!);
    await wall.flush();
    const first = wall.id!;
    wall.startNew();
    wall.add(b!);
    await wall.flush();
    const second = wall.id!;
    expect(second).not.toBe(first);

    await wall.removeSaved(second);
    expect(wall.saved.some((s) => s.id === second)).toBe(false);
    expect(wall.id).not.toBe(second);
    wall.stopRefreshing();
  });

  test('sensor readings arrive for the cameras shown', async ({ core }) => {
    const cameras = await camerasOf(core.api, 3);
    const wall = new WallState(core.api);
    wall.replaceCameras(cameras, 'Sensors');
    await wall.refreshSensors();
    wall.stopRefreshing();
    expect(Object.keys(wall.sensors).sort()).toEqual(cameras.map((c) => c.id).sort());
  });
});

async function camerasOf(api: Api, n: number): Promise<CameraSummary[]> {
  const page = await api.invoke('cameras.search', { limit: n });
  const { cameras } = await api.invoke('cameras.byIds', { ids: page.features.map((f) => f.id) });
  return cameras;
}
