/**
 * What the Add an image dialog finds by words: cameras by name or place, complete recordings by
 * their camera, place or tags, each as a line a person can choose (a name and where or when).
 */
import { joinParts } from '../../shared/format.ts';
import type { Api } from '../../shared/ipc.ts';
import { duration, utcTime } from '../downloads/recording.ts';

/** One thing found: what the list shows, and its id for the caller. */
export interface SearchChoice {
  id: string;
  name: string;
  detail: string;
}

/** Answers listed per search: enough to choose from; more words narrow it. */
const LISTED = 20;

export async function findCameras(api: Api, words: string): Promise<SearchChoice[]> {
  const page = await api.invoke('cameras.search', { q: words, limit: LISTED });
  return page.features.map((c) => ({
    id: c.id,
    name: c.properties.description || c.id,
    detail: joinParts([c.properties.city, c.properties.state]),
  }));
}

/** Complete recordings only: only they have a preview and frames to add. */
export async function findRecordings(api: Api, words: string): Promise<SearchChoice[]> {
  const page = await api.invoke('recordings.search', {
    q: words,
    status: 'complete',
    limit: LISTED,
    sort: 'start',
    sort_dir: 'desc',
  });
  return page.features.map((r) => ({
    id: r.id,
    name: r.properties.description || joinParts([r.properties.city, r.properties.state]) || r.id,
    detail: `${utcTime(r.properties.start)}, ${duration(r.properties.duration)}`,
  }));
}
