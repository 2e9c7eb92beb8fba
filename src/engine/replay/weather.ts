/**
 * Weather over time for the map: a camera's sensor history for its chart, and the worldwide
 * ten-minute snapshots (observations/_all) in a compact column form for the replay slider.
 */
import type { GeoJsonFeature } from '../../shared/api/index.ts';
import type { CameraTimeline } from '../../shared/ipc/cameras.ts';
import type { WeatherSnapshot } from '../../shared/ipc/replay.ts';
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

/** How many marks a SnapshotCache keeps, and how much of them. */
export interface SnapshotBudget<T> {
  /** Marks kept at most (a day's worth of ten-minute marks is 144). */
  marks: number;
  /** Units kept at most over all marks (features, say), as `weigh` counts them. */
  units: number;
  weigh: (value: T) => number;
}

/**
 * Snapshots kept in memory by ten-minute mark: replaying back and forth over a few marks
 * refetches nothing. Bounded by marks and by their weight: at 100,000 cameras a mark is about
 * 10 MB in memory, so 24 of them would hold a quarter of a GB. The least recently asked for go
 * first; the newest stays whatever it weighs. A failed load is forgotten, so that the next
 * visit of its mark tries again.
 */
export class SnapshotCache<T> {
  #load: MarkLoader<T>;
  #entries = new Map<string, { value: Promise<T>; units: number }>();
  #budget: SnapshotBudget<T>;

  constructor(load: MarkLoader<T>, budget: SnapshotBudget<T>) {
    this.#load = load;
    this.#budget = budget;
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
      const value = this.#load(mark, slot.toISOString());
      const made = { value, units: 0 };
      entry = made;
      value.then(
        (v) => {
          made.units = this.#budget.weigh(v);
          this.#trim();
        },
        () => {
          if (this.#entries.get(mark) === made) this.#entries.delete(mark);
        },
      );
    }
    this.#entries.set(mark, entry);
    this.#trim();
    return entry.value;
  }

  /** Marks held now (tests and diagnostics). */
  get size(): number {
    return this.#entries.size;
  }

  #trim(): void {
    let units = 0;
    for (const e of this.#entries.values()) units += e.units;
    for (const [mark, e] of this.#entries) {
      const over = this.#entries.size > this.#budget.marks || units > this.#budget.units;
      if (!over || this.#entries.size === 1) return;
      this.#entries.delete(mark);
      units -= e.units;
    }
  }
}

/**
 * Features of the weather replay's snapshots kept in memory: about 60 MB (ids, positions and
 * three sensors a camera), 6 marks at 100,000 cameras, every mark of 4 h up to 25,000.
 */
export const REPLAY_FEATURES_KEPT = 600_000;

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
  features: readonly GeoJsonFeature<SnapshotObservationProperties>[],
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
