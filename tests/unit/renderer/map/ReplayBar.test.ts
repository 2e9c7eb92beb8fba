import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { describe, expect, test } from 'vitest';
import type { AlertSnapshot, WeatherSnapshot } from '../../../../src/shared/ipc/replay.ts';
import { apiContext } from '../../../../src/renderer/lib/context.ts';
import { fakeApi, type Answers } from '../../../../src/renderer/testing/fake-api.ts';
import { contextOf, provided } from '../../../../src/renderer/testing/render.ts';
import type { MapLayers } from '../../../../src/renderer/map/leaflet/controller.ts';
import { MapState, mapStateContext } from '../../../../src/renderer/map/map-state.svelte.ts';
import ReplayBar from '../../../../src/renderer/map/ReplayBar.svelte';
import { sleep } from '../../../helpers/wait.ts';

// The replay bar's alerts beside its weather: a mark's alert file that fails leaves the weather
// shown and says so; the toggle stops asking for alerts. The map layer is a stand-in that
// records what it was asked to draw (the drawing itself: tests/e2e/map-features.spec.ts).
const MARKS = ['2026-11-20T10:50:00.000Z', '2026-11-20T11:00:00.000Z'];

const weather = (time: string): WeatherSnapshot => ({
  mark: 'm',
  time,
  ids: ['US-CO-000001'],
  lon: [-105],
  lat: [39.7],
  road_weather: [2],
  visibility: [1],
  precip: [0],
});

const alerts = (time: string, count: number): AlertSnapshot => ({
  mark: 'm',
  time,
  alerts: Array.from({ length: count }, (_, i) => ({
    id: `A${i}`,
    event: 'Flood Warning',
    headline: '',
    severity: 'Severe',
    polygons: [],
  })),
});

function setup(answers: Answers) {
  const drawn: { weather: string[]; alerts: (number | null)[] } = { weather: [], alerts: [] };
  let count = 0;
  const replay = {
    show: (s: WeatherSnapshot) => drawn.weather.push(s.time),
    showAlerts: (s: AlertSnapshot | null) => {
      count = s?.alerts.length ?? 0;
      drawn.alerts.push(s ? count : null);
    },
    get alertCount() {
      return count;
    },
  };
  const layers = { replay: () => replay, stopReplay: () => {} } as unknown as MapLayers;
  const api = fakeApi({
    'replay.marks': () => MARKS,
    'replay.observations': ({ time }) => weather(time),
    ...answers,
  });
  render(ReplayBar, {
    props: { layers, onClose: () => {} },
    context: contextOf(provided(apiContext, api), provided(mapStateContext, new MapState())),
  });
  return { api, drawn };
}

describe('ReplayBar: the alerts of each mark', () => {
  test('says how many alerts the mark has, and asks again at another mark', async () => {
    const { api, drawn } = setup({
      'replay.alerts': ({ time }) => alerts(time, time === MARKS[1] ? 3 : 1),
    });
    const count = await screen.findByTestId('replay-alerts');
    await waitFor(() => expect(count.textContent?.trim()).toBe('3 alerts'));
    expect(count.dataset['time']).toBe(MARKS[1]);
    await fireEvent.input(screen.getByRole('slider', { name: 'Replay time' }), {
      target: { value: '0' },
    });
    await waitFor(() =>
      expect(screen.getByTestId('replay-alerts').textContent?.trim()).toBe('1 alert'),
    );
    expect(api.inputsOf('replay.alerts').map((i) => i.time)).toEqual([MARKS[1], MARKS[0]]);
    expect(drawn.alerts).toEqual([3, 1]);
  });

  test('a mark whose alerts fail still shows its weather, and says the alerts are missing', async () => {
    const { drawn } = setup({
      'replay.alerts': () => {
        throw new Error('alerts snapshot failed: No snapshot for 20262011T1100Z (HTTP 404).');
      },
    });
    expect(
      await screen.findByText(
        'Alerts of this mark are not available: alerts snapshot failed: No snapshot for 20262011T1100Z (HTTP 404).',
      ),
    ).toBeTruthy();
    expect(drawn.weather).toEqual([MARKS[1]]);
    expect(drawn.alerts).toEqual([null]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('replay-time').textContent).not.toBe('…');
  });

  test('the Alerts toggle takes them off without asking, and back on', async () => {
    const { api, drawn } = setup({ 'replay.alerts': ({ time }) => alerts(time, 2) });
    await screen.findByTestId('replay-alerts');
    const toggle = screen.getByRole('checkbox', { name: 'Alerts' });
    await fireEvent.click(toggle);
    await waitFor(() => expect(screen.queryByTestId('replay-alerts')).toBeNull());
    expect(drawn.alerts.at(-1)).toBeNull();
    await fireEvent.click(toggle);
    await screen.findByTestId('replay-alerts');
    expect(drawn.alerts.at(-1)).toBe(2);
    expect(api.inputsOf('replay.alerts')).toHaveLength(2);
  });
});

describe('ReplayBar: Play', () => {
  test('shows every mark when a snapshot takes longer to arrive than a step', async () => {
    // Four marks whose snapshots each take 1 s (a 100,000-camera snapshot on a loaded machine):
    // Play waits for each mark to be drawn rather than moving on and dropping it as stale.
    const marks = ['10:30', '10:40', '10:50', '11:00'].map((t) => `2026-11-20T${t}:00.000Z`);
    const { drawn } = setup({
      'replay.marks': () => marks,
      'replay.observations': ({ time }) =>
        new Promise((resolve) => setTimeout(() => resolve(weather(time)), 1000)),
      'replay.alerts': ({ time }) => alerts(time, 0),
    });
    await waitFor(() => expect(drawn.weather).toEqual([marks[3]]), { timeout: 3000 });
    await fireEvent.input(screen.getByRole('slider', { name: 'Replay time' }), {
      target: { value: '0' },
    });
    await fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy(), {
      timeout: 8000,
    });
    expect(drawn.weather).toEqual([marks[3], ...marks]);
  }, 12_000);

  test('plays on when an earlier mark answers after the mark the slider is on', async () => {
    // Two moves of the slider: the second mark's snapshot arrives first, the first one's (no
    // longer wanted) after it. Play must still step from the mark on the slider.
    const marks = ['10:30', '10:40', '10:50', '11:00'].map((t) => `2026-11-20T${t}:00.000Z`);
    const delay: Record<string, number> = { [marks[1]!]: 600, [marks[0]!]: 50 };
    const { drawn } = setup({
      'replay.marks': () => marks,
      'replay.observations': ({ time }) =>
        new Promise((resolve) => setTimeout(() => resolve(weather(time)), delay[time] ?? 0)),
      'replay.alerts': ({ time }) => alerts(time, 0),
    });
    await waitFor(() => expect(drawn.weather).toEqual([marks[3]]));
    const slider = screen.getByRole('slider', { name: 'Replay time' });
    await fireEvent.input(slider, { target: { value: '1' } });
    await fireEvent.input(slider, { target: { value: '0' } });
    await waitFor(() => expect(drawn.weather).toEqual([marks[3], marks[0]]));
    // The first move's answer comes late (600 ms), and is dropped: time for it to arrive.
    await sleep(700);
    await fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    await waitFor(() => expect(drawn.weather.at(-1)).toBe(marks[3]), { timeout: 5000 });
    expect(drawn.weather).toEqual([marks[3], marks[0], marks[1], marks[2], marks[3]]);
  }, 12_000);
});
