/**
 * The cameras a tour goes through, from its source: the favourites, explicit ids, a collection's
 * images, a camera search (words or an area), or a saved route. Every source ends as cameras with the details a
 * tile needs (CameraSummary), in the source's order, at most MAX_TOUR_CAMERAS of them.
 */
import { english } from '../../shared/i18n/english.ts';
import { said, type Said } from '../../shared/i18n/translator.ts';
import { IpcError, type Api } from '../../shared/ipc.ts';
import { cameraSummary, type CameraSummary } from '../../shared/ipc/cameras.ts';
import { MAX_WALL_TILES } from '../../shared/ipc/wall.ts';
import { MAX_TOUR_CAMERAS, type TourSource } from '../../shared/tour.ts';

export interface TourCameras {
  cameras: CameraSummary[];
  /** What the source named but the tour leaves out (unknown ids, a cap reached), to be said. */
  notes: Said[];
}

/** Image names read per page of a collection, and pages read at most. */
const COLLECTION_PAGE = 200;
const COLLECTION_PAGES = 10;
const SEARCH_LIMIT = 50;
const AREA_LIMIT = 100;

/**
 * Resolves a source; a source that yields no camera is a failure that says why (an IpcError
 * with its `said`, read in the user's language as a refused call's is).
 */
export async function resolveTourSource(api: Api, source: TourSource): Promise<TourCameras> {
  const found = await camerasOf(api, source);
  if (found.cameras.length === 0) {
    const why = emptySaid(source);
    throw new IpcError({ code: 'failed', message: english.say(why), said: why });
  }
  return found;
}

async function camerasOf(api: Api, source: TourSource): Promise<TourCameras> {
  switch (source.kind) {
    case 'favourites': {
      const favourites = await api.invoke('favourites.list', {});
      return byIds(
        api,
        favourites.map((f) => f.cameraId),
      );
    }
    case 'cameras':
      return byIds(api, source.ids);
    case 'collection':
      return byIds(api, await collectionCameraIds(api, source.id));
    case 'search':
      return {
        cameras: (
          await api.invoke('cameras.search', { q: source.q, limit: SEARCH_LIMIT })
        ).features.map(cameraSummary),
        notes: [],
      };
    case 'area':
      return areaCameras(api, source.bbox);
    case 'route':
      return routeCameras(api, source.name);
  }
}

/** The cameras in a box, as the service lists them (its first AREA_LIMIT). */
async function areaCameras(api: Api, bbox: [number, number, number, number]): Promise<TourCameras> {
  const page = await api.invoke('cameras.search', { bbox, limit: AREA_LIMIT });
  const cameras = page.features.map(cameraSummary);
  const notes =
    page.total > cameras.length
      ? [said('wall.tour.note.area', { total: page.total, count: cameras.length })]
      : [];
  return { cameras, notes };
}

/** A saved route's cameras in driving order: the one place where `route:NAME` is resolved. */
async function routeCameras(api: Api, name: string): Promise<TourCameras> {
  const shown = await api.invoke('routes.show', { name });
  const cameras = shown.cameras
    .slice(0, MAX_TOUR_CAMERAS)
    .map(({ id, name, video, lon, lat, country, state, city }) => ({
      id,
      name,
      video,
      lon,
      lat,
      country,
      state,
      city,
    }));
  const notes =
    shown.complete && shown.cameras.length <= MAX_TOUR_CAMERAS
      ? []
      : [said('wall.tour.note.route', { name, count: cameras.length })];
  return { cameras, notes };
}

/** Details of cameras by id, in their order; ids the service does not know become a note. */
async function byIds(api: Api, ids: readonly string[]): Promise<TourCameras> {
  const unique = [...new Set(ids)];
  const notes: Said[] = [];
  if (unique.length > MAX_TOUR_CAMERAS) {
    notes.push(said('wall.tour.note.first', { max: MAX_TOUR_CAMERAS, count: unique.length }));
  }
  const wanted = unique.slice(0, MAX_TOUR_CAMERAS);
  const cameras: CameraSummary[] = [];
  const missing: string[] = [];
  for (let i = 0; i < wanted.length; i += MAX_WALL_TILES) {
    const answer = await api.invoke('cameras.byIds', { ids: wanted.slice(i, i + MAX_WALL_TILES) });
    cameras.push(...answer.cameras);
    missing.push(...answer.missing);
  }
  if (missing.length > 0) {
    notes.push(said('wall.tour.note.unknown', { ids: missing.join(', ') }));
  }
  // cameras.byIds may answer in any order: the tour keeps the source's.
  const order = new Map(wanted.map((id, i) => [id, i]));
  cameras.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  return { cameras, notes };
}

/** The cameras of a collection's images, in the collection's order (bounded pages). */
async function collectionCameraIds(api: Api, id: string): Promise<string[]> {
  const ids: string[] = [];
  let marker: string | undefined;
  for (let page = 0; page < COLLECTION_PAGES; page++) {
    const answer = await api.invoke('collections.images', {
      id,
      limit: COLLECTION_PAGE,
      ...(marker === undefined ? {} : { marker }),
    });
    for (const image of answer.images) {
      const source = image.source;
      const camera =
        image.cameraId ??
        (source && (source.kind === 'camera' || source.kind === 'archive')
          ? source.cameraId
          : null);
      if (camera !== null && !ids.includes(camera)) ids.push(camera);
    }
    if (answer.next === null || ids.length >= MAX_TOUR_CAMERAS) break;
    marker = answer.next;
  }
  return ids;
}

function emptySaid(source: TourSource): Said {
  switch (source.kind) {
    case 'favourites':
      return said('wall.tour.empty.favourites');
    case 'cameras':
      return said('wall.tour.empty.cameras');
    case 'collection':
      return said('wall.tour.empty.collection', { id: source.id });
    case 'search':
      return said('wall.tour.empty.search', { q: source.q });
    case 'area':
      return said('wall.tour.empty.area', { box: source.bbox.join(', ') });
    case 'route':
      return said('wall.tour.empty.route', { name: source.name });
  }
}
