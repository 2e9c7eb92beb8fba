import type { ApiClient } from '../api/client.ts';

/**
 * The newest 500 archived times of a camera. The list runs forward from `time` (an inclusive
 * start), so it is paged from the oldest and the tail kept: a few calls for a day of images.
 */
export async function recentTimes(client: ApiClient, cameraId: string): Promise<string[]> {
  const limit = 500;
  let times: string[] = [];
  let from: string | undefined;
  for (let call = 0; call < 20; call++) {
    const page = await client.cameras.images(
      cameraId,
      from === undefined ? { limit } : { time: from, limit },
    );
    const fresh = page.times.filter((t) => t !== from);
    times = [...times, ...fresh].slice(-limit);
    // A service may list fewer times than asked for: only the end of the list stops here.
    if (page.times.length >= page.total || fresh.length === 0) break;
    from = page.times.at(-1);
  }
  return times;
}
