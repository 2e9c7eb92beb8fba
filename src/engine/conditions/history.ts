/**
 * What changed on a watch over the last hours, from the worldwide ten-minute snapshots the
 * weather replay reads (observations/_all): consecutive snapshots are compared for the watch's
 * cameras. 48 hours are 288 snapshots, each of every camera in the world: each is read once,
 * cut down to the watch's cameras at once, and kept in that small form, so that asking again
 * reads only the slots that are new.
 */
import { changeSensor, isChange, type ChangeKind } from '../../shared/condition-changes.ts';
import { pointInPolygon, pointPolylineMeters, type LonLat } from '../../shared/geo.ts';
import type {
  ConditionHistory,
  ConditionTarget,
  ConditionWatch,
  SnapshotChange,
} from '../../shared/ipc/conditions.ts';
import type { SensorType } from '../../shared/sensors.ts';
import type { ApiClient } from '../api/client.ts';
import { ServiceError } from '../api/errors.ts';
import { snapshotMarks } from '../replay/weather.ts';

type Readings = Map<string, { place: string } & Record<SensorType, number>>;

/** Snapshots read at once: a slot is a whole-world file. */
const READ_AT_ONCE = 3;
/** Slots kept in their cut-down form, over all watches (288 a watch for 48 h). */
const SLOTS_KEPT = 288 * 8;

export class ConditionHistoryReader {
  readonly #client: ApiClient;
  /** `${watchId} ${mark}` -> the watch's cameras in that slot; oldest first out. */
  readonly #kept = new Map<string, Readings>();

  constructor(client: ApiClient) {
    this.#client = client;
  }

  /** Slots held now (tests and diagnostics). */
  get size(): number {
    return this.#kept.size;
  }

  async history(watch: ConditionWatch, hours: number): Promise<ConditionHistory> {
    const marks = await snapshotMarks(this.#client, hours);
    const slots: { time: string; readings: Readings | null }[] = new Array(marks.length);
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < marks.length) {
        const i = next++;
        slots[i] = { time: marks[i]!, readings: await this.#slot(watch, marks[i]!) };
      }
    };
    await Promise.all(Array.from({ length: READ_AT_ONCE }, worker));
    const cameras = new Set<string>();
    for (const s of slots) for (const id of s.readings?.keys() ?? []) cameras.add(id);
    return {
      hours,
      from: marks[0] ?? null,
      to: marks.at(-1) ?? null,
      slots: marks.length,
      missing: slots.filter((s) => s.readings === null).map((s) => s.time),
      cameras: cameras.size,
      changes: compare(slots, watch.changes),
    };
  }

  /** The watch's cameras in one slot, or null when the service has no snapshot for it. */
  async #slot(watch: ConditionWatch, time: string): Promise<Readings | null> {
    const key = `${watch.id} ${time}`;
    const kept = this.#kept.get(key);
    if (kept) return kept;
    let features;
    try {
      features = (await this.#client.observations.snapshot(new Date(time))).features;
    } catch (error) {
      // Not there (yet, or any more): said as a missing slot, and asked again next time.
      if (error instanceof ServiceError && error.status === 404) return null;
      throw error;
    }
    const inside = targetTest(watch.target);
    const readings: Readings = new Map();
    for (const f of features) {
      const p = f.properties;
      if (!inside(p.camera_id, f.geometry.coordinates as LonLat)) continue;
      readings.set(p.camera_id, {
        place: p.description || p.city || p.camera_id,
        road_weather: numberOr(p['sensor.road_weather']),
        visibility: numberOr(p['sensor.visibility']),
        precip: numberOr(p['sensor.precip']),
      });
    }
    this.#kept.set(key, readings);
    for (const old of this.#kept.keys()) {
      if (this.#kept.size <= SLOTS_KEPT) break;
      this.#kept.delete(old);
    }
    return readings;
  }
}

function targetTest(target: ConditionTarget): (id: string, p: LonLat) => boolean {
  if ('cameraIds' in target) {
    const ids = new Set(target.cameraIds);
    return (id) => ids.has(id);
  }
  const area = target.area;
  if ('polygon' in area) return (_, p) => pointInPolygon(p, area.polygon);
  return (_, p) => pointPolylineMeters(p, area.route) <= area.radiusKm * 1000;
}

/** Each change between a slot and the last one before it the service had, newest first. */
export function compare(
  slots: readonly { time: string; readings: Readings | null }[],
  kinds: readonly ChangeKind[],
): SnapshotChange[] {
  const out: SnapshotChange[] = [];
  let last: { time: string; readings: Readings } | null = null;
  for (const slot of slots) {
    if (slot.readings === null) continue;
    if (last) {
      for (const [id, now] of slot.readings) {
        const before = last.readings.get(id);
        if (!before) continue;
        for (const kind of kinds) {
          const sensor = changeSensor(kind);
          if (!isChange(kind, now[sensor], before[sensor])) continue;
          out.push({
            kind,
            cameraId: id,
            place: now.place,
            from: last.time,
            time: slot.time,
            before: before[sensor],
            after: now[sensor],
          });
        }
      }
    }
    last = { time: slot.time, readings: slot.readings };
  }
  return out.reverse();
}

function numberOr(value: unknown): number {
  return typeof value === 'number' ? value : -1;
}
