/**
 * Weather over time for the map: a camera's sensor history for its chart, and the worldwide
 * ten-minute snapshots (observations/_all) in a compact column form for the replay slider.
 */
import type { Feature } from '../../shared/api/index.ts';
import type { CameraTimeline, WeatherSnapshot } from '../../shared/ipc/map.ts';
import type { ApiClient } from '../api/client.ts';
import { snapshotTime, type SnapshotObservationProperties } from '../api/groups.ts';

const TEN_MINUTES = 10 * 60_000;

/** A camera's observations of the last `hours`, oldest first, column-wise for uPlot. */
export async function cameraTimeline(
  client: ApiClient,
  cameraId: string,
  hours: number,
): Promise<CameraTimeline> {
  const latest = await latestObservationTime(client, { camera_id: cameraId });
  const out: CameraTimeline = { times: [], road_weather: [], visibility: [], precip: [] };
  if (latest === null) return out;
  const from = new Date(latest - hours * 3600_000).toISOString();
  const params = { camera_id: cameraId, time_min: from, sort: 'time', sort_dir: 'asc' } as const;
  for await (const o of client.observations.iterate(params)) {
    // A chart needs a time: an observation the service sent without a readable one is left out.
    if (o.properties.time === null) continue;
    out.times.push(Date.parse(o.properties.time) / 1000);
    for (const type of ['road_weather', 'visibility', 'precip'] as const) {
      const value = o.properties.sensors[type]?.data;
      // -1 is "no report": a gap in the chart, not a value below every real one.
      out[type].push(value === undefined || value === -1 ? null : value);
    }
  }
  return out;
}

/**
 * The time of the newest observation, in epoch ms: the service's clock, which may differ from
 * ours (a demo world started at a fixed time, a remote service in another time zone's past).
 */
export async function latestObservationTime(
  client: ApiClient,
  filter: { camera_id?: string } = {},
): Promise<number | null> {
  const page = await client.observations.search({
    ...filter,
    sort: 'time',
    sort_dir: 'desc',
    limit: 1,
  });
  const time = page.features[0]?.properties.time;
  return time === undefined || time === null ? null : Date.parse(time);
}

/**
 * The ten-minute marks of the last `hours` whose snapshot files should exist, oldest first. A
 * snapshot is "generally available 10 minutes after" its mark, so the newest mark is the one
 * before the latest observation's.
 */
export async function snapshotMarks(client: ApiClient, hours: number): Promise<string[]> {
  const latest = await latestObservationTime(client);
  if (latest === null) return [];
  const newest = Math.floor(latest / TEN_MINUTES) * TEN_MINUTES - TEN_MINUTES;
  const count = Math.floor((hours * 3600_000) / TEN_MINUTES);
  const marks: string[] = [];
  for (let i = count - 1; i >= 0; i--) marks.push(new Date(newest - i * TEN_MINUTES).toISOString());
  return marks;
}

/** A mark's file as the replay wants it: `mark` names the file, `time` is its ISO 8601 slot. */
export type MarkLoader<T> = (mark: string, time: string) => Promise<T>;

/**
 * Snapshots kept in memory by ten-minute mark: replaying back and forth over a few marks
 * refetches nothing. A failed load is forgotten, so that the next visit of its mark tries again.
 */
export class SnapshotCache<T> {
  #load: MarkLoader<T>;
  #entries = new Map<string, Promise<T>>();
  #max: number;

  constructor(load: MarkLoader<T>, max = 24) {
    this.#load = load;
    this.#max = max;
  }

  get(time: string): Promise<T> {
    const date = new Date(time);
    if (Number.isNaN(date.getTime())) {
      return Promise.reject(new Error(`"${time}" is not a date; snapshots need an ISO 8601 time.`));
    }
    const mark = snapshotTime(date);
    let entry = this.#entries.get(mark);
    if (entry) {
      this.#entries.delete(mark);
    } else {
      const slot = new Date(Math.floor(date.getTime() / TEN_MINUTES) * TEN_MINUTES);
      entry = this.#load(mark, slot.toISOString());
      entry.catch(() => this.#entries.delete(mark));
    }
    this.#entries.set(mark, entry);
    while (this.#entries.size > this.#max) this.#entries.delete(this.#entries.keys().next().value!);
    return entry;
  }
}

/** The observations of a mark (observations/_all), compact. */
export async function weatherSnapshot(
  client: ApiClient,
  mark: string,
  time: string,
): Promise<WeatherSnapshot> {
  const collection = await client.observations.snapshot(mark);
  return compactSnapshot(mark, time, collection.features);
}

export function compactSnapshot(
  mark: string,
  time: string,
  features: readonly Feature<SnapshotObservationProperties>[],
): WeatherSnapshot {
  const out: WeatherSnapshot = {
    mark,
    time,
    ids: [],
    lon: [],
    lat: [],
    road_weather: [],
    visibility: [],
    precip: [],
  };
  for (const f of features) {
    const p = f.properties;
    out.ids.push(p.camera_id);
    out.lon.push(f.geometry.coordinates[0]);
    out.lat.push(f.geometry.coordinates[1]);
    out.road_weather.push(numberOr(p['sensor.road_weather']));
    out.visibility.push(numberOr(p['sensor.visibility']));
    out.precip.push(numberOr(p['sensor.precip']));
  }
  return out;
}

function numberOr(value: unknown): number {
  return typeof value === 'number' ? value : -1;
}
