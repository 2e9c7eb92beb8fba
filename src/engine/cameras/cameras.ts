/**
 * Cameras beyond searching them: several by id, their latest sensor readings, and the times of
 * their archived images. Plain Node on the ApiClient; the token never leaves the main process.
 */
import { cameraSummary, type CameraSummary } from '../../shared/ipc/cameras.ts';
import type { Observation } from '../../shared/api/index.ts';
import { instantOf } from '../../shared/times.ts';
import type { SensorReadings } from '../../shared/ipc/observations.ts';
import type { ApiClient } from '../api/client.ts';
import { ServiceError } from '../api/errors.ts';
import { InvalidPathValueError } from '../api/path.ts';
import { searchWithCache } from '../cache/offline.ts';
import type { SearchCache } from '../cache/searches.ts';

/** Images lists answer at most 500 times per call (interface 8). */
const IMAGES_PAGE = 500;
/**
 * A day of one image a minute needs 3 full pages, or 15 of a service that lists only 100 per
 * call; a denser archive (or a service listing fewer still) is cut off rather than paged on.
 */
const IMAGES_MAX_PAGES = 20;
/** Parallel requests per call: the service and the browser-mode host both stay responsive. */
const PARALLEL = 6;

export async function camerasByIds(
  client: ApiClient,
  ids: readonly string[],
): Promise<{ cameras: CameraSummary[]; missing: string[] }> {
  const unique = [...new Set(ids)];
  const found = await mapParallel(unique, async (id) => {
    try {
      return cameraSummary(await client.cameras.show(id));
    } catch (error) {
      // No such camera, or an id no camera can have (a shared link is untrusted input).
      if (error instanceof ServiceError && error.status === 404) return null;
      if (error instanceof InvalidPathValueError) return null;
      throw error;
    }
  });
  const cameras = found.filter((c): c is CameraSummary => c !== null);
  const missing = unique.filter((_, i) => found[i] === null);
  return { cameras, missing };
}

/** The latest observation of each camera; from the search cache when the service is unreachable. */
export async function latestSensors(
  client: ApiClient,
  cache: SearchCache,
  ids: readonly string[],
): Promise<SensorReadings[]> {
  return mapParallel([...new Set(ids)], async (cameraId) => {
    const params = { camera_id: cameraId, sort: 'time', sort_dir: 'desc', limit: 1 } as const;
    const { collection } = await searchWithCache(client, cache, 'observations', params);
    return readingsOf(cameraId, collection.features[0]);
  });
}

/** Observations are made every ten minutes: half an hour holds a working camera's latest. */
const RECENT_MS = 30 * 60_000;
/** Pages of recent observations read at most; what they miss is asked for camera by camera. */
const RECENT_MAX_PAGES = 10;

/**
 * The latest readings of the cameras along a line, in a few requests rather than one a camera:
 * the observations of the last half hour along the same line (one page holds those of about 30
 * cameras), each camera's newest kept, whatever order the service lists them in. A camera
 * without one so recent, or every camera when that search fails (offline: the cache answers
 * camera by camera), is asked for alone, as `latestSensors` does.
 */
export async function latestSensorsAlong(
  client: ApiClient,
  cache: SearchCache,
  ids: readonly string[],
  along: { polyline: string; polyline_radius: number },
): Promise<SensorReadings[]> {
  const wanted = new Set(ids);
  const newest = new Map<string, Observation>();
  try {
    const since = new Date((await client.serviceNowKnown()) - RECENT_MS).toISOString();
    const pages = Math.min(RECENT_MAX_PAGES, Math.ceil((wanted.size * 4) / 100));
    for (let page = 0; page < pages; page++) {
      const answer = await client.observations.search({
        ...along,
        time_min: since,
        sort: 'time',
        sort_dir: 'desc',
        limit: 100,
        skip: page * 100,
      });
      for (const o of answer.features) {
        const id = o.properties.camera_id;
        const held = newest.get(id);
        if (wanted.has(id) && (!held || timeOf(o) > timeOf(held))) newest.set(id, o);
      }
      if (answer.features.length < 100 || newest.size === wanted.size) break;
    }
  } catch {
    newest.clear();
  }
  const rest = [...wanted].filter((id) => !newest.has(id));
  const alone = new Map(
    (await latestSensors(client, cache, rest)).map((r) => [r.cameraId, r] as const),
  );
  return [...wanted].map((id) => alone.get(id) ?? readingsOf(id, newest.get(id)));
}

/** An observation's time; one without a readable time is the oldest. */
function timeOf(o: Observation): number {
  return instantOf(o.properties.time) ?? -Infinity;
}

function readingsOf(cameraId: string, latest: Observation | undefined): SensorReadings {
  const reading = (type: 'road_weather' | 'visibility' | 'precip') =>
    latest?.properties.sensors[type]?.data ?? null;
  return {
    cameraId,
    time: latest?.properties.time ?? null,
    road_weather: reading('road_weather'),
    visibility: reading('visibility'),
    precip: reading('precip'),
  };
}

/**
 * Every archived image time of a camera (the service keeps 24 hours), ascending, as the service
 * wrote them (an archived image is asked for by exactly that time). A time that does not parse,
 * or does not follow the one before, is left out.
 */
export async function imageTimes(client: ApiClient, cameraId: string): Promise<string[]> {
  const times: string[] = [];
  let last = -Infinity;
  let from: string | undefined;
  for (let page = 0; page < IMAGES_MAX_PAGES; page++) {
    const answer = await client.cameras.images(cameraId, {
      ...(from === undefined ? {} : { time: from }),
      limit: IMAGES_PAGE,
    });
    const before = times.length;
    for (const time of answer.times) {
      const ms = Date.parse(time);
      // `time` is an inclusive start: the page boundary may repeat the last time.
      if (Number.isFinite(ms) && ms > last) {
        times.push(time);
        last = ms;
      }
    }
    // The service may list fewer times than asked for (the default and its maximum are not
    // shown): a page that holds all that is left, or adds nothing, ends the list.
    if (answer.times.length >= answer.total || times.length === before) break;
    from = new Date(last + 1000).toISOString();
  }
  return times;
}

async function mapParallel<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
  return results;
}
