/**
 * Condition watches at work: every ten minutes (and on "Check now") each watch asks the
 * service's transition search (sensors[<type>][data] / [prev], beta) for the changes it looks
 * for since its last check, and announces the ones it had not seen (the desktop app turns them
 * into notifications). The first check of a watch looks back 48 hours and is its baseline:
 * what it finds is listed, not announced.
 */
import { PeriodicCheck } from '../periodic-check.ts';
import type { Observation, ObservationSearchParams } from '../../shared/api/index.ts';
import {
  changeFilters,
  changeSensor,
  isChange,
  type ChangeKind,
} from '../../shared/condition-changes.ts';
import type { ConditionTarget, ConditionWatch } from '../../shared/ipc/conditions.ts';
import { areaParams } from '../alerts/watches.ts';
import type { ApiClient } from '../api/client.ts';
import type { EventHub } from '../events.ts';
import type { Log } from '../log.ts';
import { latestObservationTime } from '../replay/weather.ts';
import type { ConditionStore, FoundChange } from './store.ts';
import { said, saidWithin, type Said } from '../../shared/i18n/translator.ts';

const HOUR = 3600_000;
/** How far back the first check of a watch looks. */
export const FIRST_LOOK_BACK_MS = 48 * HOUR;
/**
 * Each check starts a little before the last one ended: a service may publish an observation
 * after newer ones of other cameras. What is found twice is recorded once (store.ts).
 */
const OVERLAP_MS = 20 * 60_000;
/** Observations read per search at most: a service that ignores [prev] sends every match. */
export const MAX_READ_PER_SEARCH = 2000;

export class ConditionWatcher extends PeriodicCheck {
  readonly #client: ApiClient;
  readonly #store: ConditionStore;
  readonly #hub: EventHub;
  readonly #log: Log;

  constructor(client: ApiClient, store: ConditionStore, hub: EventHub, log: Log) {
    super();
    this.#client = client;
    this.#store = store;
    this.#hub = hub;
    this.#log = log;
  }

  list(): ConditionWatch[] {
    return this.#store.list();
  }

  async add(
    name: string,
    target: ConditionTarget,
    changes: ChangeKind[],
  ): Promise<ConditionWatch[]> {
    const id = this.#store.add(name, target, changes);
    const watch = this.#store.get(id);
    if (watch) await this.#checkOne(watch, await this.#latest());
    return this.list();
  }

  remove(id: number): ConditionWatch[] {
    this.#store.remove(id);
    return this.list();
  }

  protected override async checkAll(): Promise<void> {
    const watches = this.#store.list();
    if (watches.length === 0) return;
    const latest = await this.#latest();
    for (const watch of watches) await this.#checkOne(watch, latest);
  }

  /**
   * "Now" as the service's observations say: the newest one's time. Its clock may not be ours
   * (a demo world on a fixed clock, a provider's skew), and time_min is a time of its clock.
   */
  async #latest(): Promise<number | Error> {
    try {
      return (
        (await latestObservationTime(this.#client)) ?? new Error('the service has no observations')
      );
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  }

  async #checkOne(watch: ConditionWatch, latest: number | Error): Promise<void> {
    try {
      if (latest instanceof Error) throw latest;
      const since =
        watch.checkedUntil === null
          ? latest - FIRST_LOOK_BACK_MS
          : Math.max(Date.parse(watch.checkedUntil) - OVERLAP_MS, latest - FIRST_LOOK_BACK_MS);
      const found = await this.#find(watch, new Date(since).toISOString());
      // A watch that never checked before takes what it finds as its baseline.
      const announce = watch.checkedUntil !== null;
      const fresh = this.#store.record(watch.id, found, announce);
      this.#store.checked(watch.id, new Date(latest).toISOString(), null);
      if (announce && fresh.length > 0) {
        this.#log(`condition watch ${watch.name}: ${fresh.length} new change(s)`);
        this.#hub.emit('conditions.changed', {
          watchId: watch.id,
          watchName: watch.name,
          changes: fresh,
        });
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const known = (error as { said?: Said } | null)?.said;
      const reason = known ? saidWithin(known) : message;
      const problem = said('conditions.problem.checkFailed', { name: watch.name, reason });
      this.#store.checked(watch.id, null, problem);
      this.#log(`condition watch ${watch.name}: check failed: ${message}`);
    }
  }

  async #find(watch: ConditionWatch, timeMin: string): Promise<FoundChange[]> {
    const found: FoundChange[] = [];
    for (const kind of watch.changes) {
      for (const sensors of changeFilters(kind)) {
        for (const where of targetParams(watch.target)) {
          const params: ObservationSearchParams = { ...where, sensors, time_min: timeMin };
          for (const o of await this.#read(params)) {
            const change = changeOf(kind, o);
            if (change) found.push(change);
          }
        }
      }
    }
    return found;
  }

  async #read(params: ObservationSearchParams): Promise<Observation[]> {
    const out: Observation[] = [];
    for await (const o of this.#client.observations.iterate({ ...params, limit: 100 })) {
      out.push(o);
      if (out.length >= MAX_READ_PER_SEARCH) {
        this.#log(
          `condition watch: a search sent more than ${MAX_READ_PER_SEARCH} observations; only the first ${MAX_READ_PER_SEARCH} were looked at`,
        );
        break;
      }
    }
    return out;
  }
}

/** The searches of a target: its area, or one per camera (camera_id names one camera). */
function targetParams(target: ConditionTarget): ObservationSearchParams[] {
  if ('area' in target) return [areaParams(target.area) as ObservationSearchParams];
  return target.cameraIds.map((id) => ({ camera_id: id }));
}

/**
 * The change an observation shows, read from the observation itself: the service's [prev]
 * filter is beta, and a service that ignores it sends observations that are not changes.
 */
export function changeOf(kind: ChangeKind, o: Observation): FoundChange | null {
  const reading = o.properties.sensors[changeSensor(kind)];
  if (!reading || !isChange(kind, reading.data, reading.prev)) return null;
  const p = o.properties;
  return {
    kind,
    cameraId: p.camera_id,
    place: p.description || [p.city, p.state].filter(Boolean).join(', ') || p.camera_id,
    observationId: String(o.id),
    prevId: p.prev_id,
    time: p.time,
    before: reading.prev!,
    after: reading.data,
  };
}
