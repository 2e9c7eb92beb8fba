import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, test } from 'vitest';
import type { Recording } from '../../../../src/shared/api/index.ts';
import { apiContext } from '../../../../src/renderer/lib/context.ts';
import { fakeApi, type Answers } from '../../../../src/renderer/testing/fake-api.ts';
import { contextOf, provided } from '../../../../src/renderer/testing/render.ts';
import RecordingDetail from '../../../../src/renderer/downloads/RecordingDetail.svelte';

function recording(extra: Partial<Recording['properties']> = {}): Recording {
  return {
    type: 'Feature',
    id: 'rec_abc',
    geometry: { type: 'Point', coordinates: [-105, 39.7] },
    properties: {
      camera_id: 'US-CO-000042',
      country: 'US',
      state: 'CO',
      region: 'Front Range',
      city: 'Denver',
      description: '',
      status: 'complete',
      duration: 330,
      rate: 1,
      start: '2026-11-20T10:00:00Z',
      stop: '2026-11-20T10:05:30Z',
      tags: ['storm'],
      created_at: '2026-11-20T09:59:00Z',
      formats: ['jpg', 'zip', 'mp4'],
      ...extra,
    },
  } as Recording;
}

function setup(answers: Answers) {
  const api = fakeApi(answers);
  render(RecordingDetail, {
    props: { id: 'rec_abc' },
    context: contextOf(provided(apiContext, api)),
  });
  return api;
}

describe('RecordingDetail', () => {
  test('shows camera, status, start and stop in UTC, duration, formats, frame and tags', async () => {
    history.replaceState(null, '', '/?token=page-token'); // as browser mode opens the page
    setup({ 'recordings.show': () => recording() });
    expect(await screen.findByText('US-CO-000042')).toBeTruthy();
    expect(screen.getByTestId('recording-status').textContent).toBe('Complete');
    expect(screen.getByText('2026-11-20 10:00:00 UTC')).toBeTruthy();
    expect(screen.getByText('2026-11-20 10:05:30 UTC')).toBeTruthy();
    expect(screen.getByText('5 min 30 s')).toBeTruthy();
    expect(screen.getByText('jpg, zip, mp4')).toBeTruthy();
    const frame = screen.getByRole<HTMLImageElement>('img');
    expect(frame.getAttribute('src')).toBe('/media/page-token/recordings/rec_abc/frame.jpg');
    expect(screen.getByRole('list', { name: 'Tags' }).textContent).toContain('storm');
  });

  test('has no frame for a recording still submitted', async () => {
    setup({ 'recordings.show': () => recording({ status: 'submitted', formats: [] }) });
    expect(await screen.findByText(/No preview frame: the recording is being made/)).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  test('adds the typed tags, split at commas, and shows what the service kept', async () => {
    const api = setup({
      'recordings.show': () => recording(),
      'recordings.addTags': ({ tags }) => ({ tags: ['storm', ...tags] }),
    });
    const input = await screen.findByLabelText('Add tags');
    await fireEvent.input(input, { target: { value: ' night , I-80,, night' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Add tags' }));
    expect(await screen.findByText('Saved: night, I-80.')).toBeTruthy();
    expect(api.inputsOf('recordings.addTags')).toEqual([
      { id: 'rec_abc', tags: ['night', 'I-80'] },
    ]);
    const tags = screen.getByRole('list', { name: 'Tags' });
    expect([...tags.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'storm',
      'night',
      'I-80',
    ]);
  });

  test('says in words why tags were not added, and asks nothing of an empty input', async () => {
    const api = setup({
      'recordings.show': () => recording(),
      'recordings.addTags': () => {
        throw new Error('The service refused: at most 50 tags.');
      },
    });
    await fireEvent.click(await screen.findByRole('button', { name: 'Add tags' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Type one or more tags/);
    expect(api.inputsOf('recordings.addTags')).toEqual([]);
    await fireEvent.input(screen.getByLabelText('Add tags'), { target: { value: 'x' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Add tags' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not add the tags: The service refused: at most 50 tags.',
    );
  });

  test('a recording the service does not know is said so', async () => {
    setup({
      'recordings.show': () => {
        throw new Error('No recording rec_abc (it may have expired after 90 days).');
      },
    });
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /Could not show recording rec_abc: No recording rec_abc/,
    );
  });

  test('names its camera, plays its mp4 and adds its preview to a collection', async () => {
    history.replaceState(null, '', '/?token=page-token');
    const api = setup({
      'recordings.show': () => recording(),
      'cameras.byIds': ({ ids }) => ({
        cameras: ids.map((id) => ({ ...place, id, name: 'I-25 at 6th Ave' })),
        missing: [],
      }),
      'collections.search': () => ({ ...noCollections, results: [storms], total: 1 }),
      'collections.addImage': () => ({ image: 'rec_abc.jpg' }),
    });
    expect(await screen.findByText('I-25 at 6th Ave')).toBeTruthy();

    await fireEvent.click(screen.getByRole('button', { name: '▶ Play recording' }));
    const video = screen.getByLabelText<HTMLVideoElement>('Video of recording rec_abc');
    expect(video.getAttribute('src')).toBe('/media/page-token/recordings/rec_abc/video.mp4');

    await fireEvent.click(screen.getByRole('button', { name: 'Add to collection…' }));
    await screen.findByRole('option', { name: 'Storms' });
    await fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText("The recording's preview frame added to Storms.")).toBeTruthy();
    expect(api.inputsOf('collections.addImage')).toEqual([
      { id: 'col_1', source: { kind: 'recording', recordingId: 'rec_abc' } },
    ]);
  });
});

const place = { video: false, lon: -105, lat: 39.7, country: 'US', state: 'CO', city: 'Denver' };
const storms = {
  ...{ _id: 'col_1', name: 'Storms', description: '', tags: [] },
  ...{ created_at: '2026-11-20T00:00:00Z', updated_at: '2026-11-20T00:00:00Z' },
  ...{ expiresAt: '2027-02-18T00:00:00Z', daysLeft: 80, offline: null },
};
const noCollections = {
  ...{ results: [], total: 0, skip: 0, limit: 100, tags: [], offline: false, message: null },
};
