import { fireEvent, render, screen } from '@testing-library/svelte';
import type { ComponentProps } from 'svelte';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import type { WallTile } from '../../../../src/shared/ipc/wall.ts';
import { apiContext } from '../../../../src/renderer/lib/context.ts';
import { fakeApi, type Answers } from '../../../../src/renderer/testing/fake-api.ts';
import { contextOf, provided } from '../../../../src/renderer/testing/render.ts';
import TileDialog from '../../../../src/renderer/wall/TileDialog.svelte';

// Read from the component's props: tsc sees only a .svelte file's default export.
type TileRequest = ComponentProps<typeof TileDialog>['request'];

const tile: WallTile = {
  id: 'CAM0001',
  name: 'I-80 at Exit 12',
  video: true,
  lon: -111.9,
  lat: 40.7,
  country: 'US',
  state: 'UT',
  city: 'Salt Lake City',
  colSpan: 1,
  rowSpan: 1,
};

// jsdom has no modal dialogs: showModal and close only mark the dialog open or closed here.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.open = false;
  };
});

function open(request: TileRequest, answers: Answers) {
  const api = fakeApi(answers);
  const onDone = vi.fn();
  const onClose = vi.fn();
  render(TileDialog, {
    props: { request, onDone, onClose },
    context: contextOf(provided(apiContext, api)),
  });
  return { api, onDone, onClose };
}

describe('the snapshot dialog', () => {
  test("saves the tile's current image to the chosen collection", async () => {
    const { api, onDone } = open(
      { kind: 'snapshot', tile, frameTime: null },
      {
        'collections.search': () => ({ results: [{ _id: 'c1', name: 'Storms' }] }) as never,
        'collections.addImage': () => ({ image: 'CAM0001_20261120T110200Z.jpg' }),
      },
    );
    expect(screen.getByRole('heading').textContent).toBe('Snapshot of I-80 at Exit 12');
    await vi.waitFor(() => expect(screen.getByRole('option', { name: 'Storms' })).toBeTruthy());
    await fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.inputsOf('collections.create')).toEqual([]);
    expect(api.inputsOf('collections.addImage')).toEqual([
      { id: 'c1', source: { kind: 'camera', cameraId: 'CAM0001' } },
    ]);
    expect(onDone.mock.calls[0]![0].text).toBe(
      'Saved the current image of I-80 at Exit 12 to “Storms”.',
    );
  });

  test('an archived frame goes to a new collection by name', async () => {
    const frameTime = Date.parse('2026-11-20T11:02:00Z');
    const { api, onDone } = open(
      { kind: 'snapshot', tile, frameTime },
      {
        'collections.search': () => ({ results: [] }) as never,
        'collections.create': () => ({ id: 'c9' }),
        'collections.addImage': () => ({ image: null }),
      },
    );
    expect(screen.getByRole('heading').textContent).toBe('Save frame of I-80 at Exit 12');
    await vi.waitFor(() =>
      expect(screen.getByLabelText('Name of the new collection')).toBeTruthy(),
    );
    await fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.inputsOf('collections.create')).toEqual([
      { name: 'Wall snapshots', description: 'Frames saved from the camera wall.' },
    ]);
    expect(api.inputsOf('collections.addImage')).toEqual([
      { id: 'c9', source: { kind: 'archive', cameraId: 'CAM0001', time: '2026-11-20T11:02:00Z' } },
    ]);
    expect(onDone.mock.calls[0]![0].text).toBe(
      'Saved the archived frame of I-80 at Exit 12 to “Wall snapshots”.',
    );
  });

  test('collections that cannot be listed are said so, and Cancel closes', async () => {
    const { onClose } = open({ kind: 'snapshot', tile, frameTime: null }, {});
    await vi.waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Could not list the collections: The fake Api has no answer for collections.search: give one in fakeApi({...})',
      ),
    );
    await fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});

describe('the record dialog', () => {
  test('asks for the last minutes and says what was requested', async () => {
    const { api, onDone } = open(
      { kind: 'record', tile },
      {
        'recordings.create': () => ({ recordingId: 'rec_1', start: '2026-11-20T11:55:00Z' }),
      },
    );
    await fireEvent.input(screen.getByLabelText(/Minutes before now/), {
      target: { value: '2' },
    });
    await fireEvent.click(screen.getByRole('button', { name: 'Record' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.inputsOf('recordings.create')).toEqual([
      { cameraId: 'CAM0001', duration: 120, last: true, tags: ['wall'] },
    ]);
    expect(onDone.mock.calls[0]![0].text).toMatch(
      /^Recording rec_1 of I-80 at Exit 12 requested: 2 min from 11:55 UTC/,
    );
  });

  test('a refusal is shown in the main process words and the dialog stays', async () => {
    const { onDone } = open({ kind: 'record', tile }, {});
    await fireEvent.click(screen.getByRole('button', { name: 'Record' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('alert').textContent).toMatch(/recordings.create/),
    );
    expect(onDone).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Record' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });
});
