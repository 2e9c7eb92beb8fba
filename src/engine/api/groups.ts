/**
 * Operations of the GeoJSON resource groups (interface 4.2 to 4.5), each on the requester it is
 * given. Searches go through the search machinery it is given too (searches.ts); media answers
 * are streamed (see MediaResponse).
 */
import { ANSWER_CAPS, readCapped } from './capped-read.ts';
import type { FeatureCollection, RecordingFormat } from '../../shared/api/index.ts';
import { z } from 'zod';
import { readAnswer, imageTimesAnswer, okAnswer, type Reader } from './answers/answers.ts';
import {
  call,
  get,
  joinTags,
  LIVE_RETRY,
  type CallOptions,
  type MediaOptions,
  type MediaResponse,
} from './call.ts';
import {
  FEATURE_ANSWERS,
  alertSnapshotAnswer,
  snapshotObservationsAnswer,
} from './answers/features.ts';
import type { FeatureOf, GeoKind, ParamsOf } from './kinds.ts';
import type { SearchAllOptions, SearchAllResult } from './paging.ts';
import { segment, type PathValue } from './path.ts';
import type { Requester } from './requester.ts';
import type { Searches } from './searches.ts';
import { said } from '../../shared/i18n/translator.ts';

export type { MediaOptions } from './call.ts';
export type { Snapshot, SnapshotObservationProperties } from './answers/snapshot-records.ts';

/** The ten-minute mark of a snapshot in the service's yyyyddmmThhmmZ form (day before month). */
export function snapshotTime(time: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const minutes = Math.floor(time.getUTCMinutes() / 10) * 10;
  return (
    `${time.getUTCFullYear()}${pad(time.getUTCDate())}${pad(time.getUTCMonth() + 1)}` +
    `T${pad(time.getUTCHours())}${pad(minutes)}Z`
  );
}

/** Snapshot files (observations/_all, alerts/_all) behind their signed redirect, parsed. */
async function snapshot<T>(
  requester: Requester,
  kind: 'observations' | 'alerts',
  time: Date | string,
  o: CallOptions,
  answer: Reader<T>,
): Promise<T> {
  const mark = typeof time === 'string' ? time : snapshotTime(time);
  const path = `/v1/${kind}/_all/${segment(mark, 'snapshotTime')}.json`;
  const operation = said('api.op.snapshot', { kind });
  const media = await requester.media(get(operation, path, o));
  const text = await readCapped(operation, media.body, ANSWER_CAPS.snapshot);
  return readAnswer(operation, text, media.contentType, answer, requester.log);
}

/** What names one feature of a kind in its path. */
const ID_OF = {
  cameras: 'cameraId',
  observations: 'observationId',
  recordings: 'recordingId',
  alerts: 'alertId',
} as const satisfies Record<GeoKind, PathValue>;

/** What every GeoJSON group does alike: searches (searches.ts) and show, typed by kind. */
abstract class GeoGroup<K extends GeoKind> {
  protected readonly requester: Requester;
  readonly #searches: Searches;
  protected abstract readonly kind: K;

  constructor(requester: Requester, searches: Searches) {
    this.requester = requester;
    this.#searches = searches;
  }

  search(params: ParamsOf<K>, options: CallOptions = {}): Promise<FeatureCollection<FeatureOf<K>>> {
    return this.#searches.search(this.kind, params, options);
  }

  iterate(params: ParamsOf<K>, options: CallOptions = {}): AsyncGenerator<FeatureOf<K>, void> {
    return this.#searches.iterate(this.kind, params, options);
  }

  searchAll(
    params: ParamsOf<K>,
    options: SearchAllOptions<FeatureOf<K>> = {},
  ): Promise<SearchAllResult<FeatureOf<K>>> {
    return this.#searches.searchAll(this.kind, params, options);
  }

  async show(id: string, options: CallOptions = {}): Promise<FeatureOf<K>> {
    const operation = said('api.op.show', { kind: this.kind, id });
    const path = `/v1/${this.kind}/${segment(id, ID_OF[this.kind])}`;
    return this.requester.json(get(operation, path, options), FEATURE_ANSWERS[this.kind]);
  }
}

export class ObservationsApi extends GeoGroup<'observations'> {
  protected readonly kind = 'observations';

  tile(z: number, x: number, y: number, options: CallOptions & { sort_dir?: 'asc' | 'desc' } = {}) {
    const query = options.sort_dir
      ? new URLSearchParams({ sort_dir: options.sort_dir })
      : undefined;
    const path = `/v1/observations/${z}/${x}/${y}.mvt`;
    return this.requester.bytes(
      get(said('api.op.tile', { kind: 'observations' }), path, options, query),
    );
  }

  /** The worldwide snapshot of a ten-minute mark, flat properties (interface 2.2). */
  snapshot(time: Date | string, options: CallOptions = {}) {
    return snapshot(this.requester, 'observations', time, options, snapshotObservationsAnswer);
  }

  async preview(id: string, options: MediaOptions = {}): Promise<MediaResponse> {
    const path = `/v1/observations/${segment(id, 'observationId')}/preview`;
    const operation = said('media.what.preview', { id });
    return this.requester.media(get(operation, path, options), options.range);
  }

  /** A fresh signed URL of the preview (a dataset's file, fetched by the download engine). */
  async previewUrl(id: string, options: CallOptions = {}): Promise<string> {
    const path = `/v1/observations/${segment(id, 'observationId')}/preview`;
    return this.requester.signedUrl(get(said('media.what.preview', { id }), path, options));
  }
}

export class CamerasApi extends GeoGroup<'cameras'> {
  protected readonly kind = 'cameras';

  tile(z: number, x: number, y: number, options: CallOptions = {}): Promise<Uint8Array> {
    const path = `/v1/cameras/${z}/${x}/${y}.mvt`;
    return this.requester.bytes(get(said('api.op.tile', { kind: 'cameras' }), path, options));
  }

  /** The current image: answered directly (jpeg/png) or through a signed redirect. */
  async live(id: string, options: MediaOptions = {}): Promise<MediaResponse> {
    const operation = said('media.what.live', { id });
    const path = `/v1/cameras/${segment(id, 'cameraId')}/live`;
    return this.requester.media({ ...get(operation, path, options), retry: LIVE_RETRY });
  }

  /** HLS: file is "playlist.m3u8" first, then whatever the playlists name. */
  async liveFile(id: string, file: string, options: CallOptions = {}): Promise<MediaResponse> {
    const operation = said('media.what.video', { id });
    const path = `/v1/cameras/${segment(id, 'cameraId')}/live/${segment(file, 'videoFileName')}`;
    return this.requester.media({ ...get(operation, path, options), retry: LIVE_RETRY });
  }

  async images(
    id: string,
    query: { time?: string; limit?: number } = {},
    options: CallOptions = {},
  ) {
    const params = new URLSearchParams();
    if (query.time !== undefined) params.set('time', query.time);
    if (query.limit !== undefined) params.set('limit', String(query.limit));
    const operation = said('api.op.cameraImages', { id });
    const path = `/v1/cameras/${segment(id, 'cameraId')}/images`;
    return this.requester.json(get(operation, path, options, params), imageTimesAnswer);
  }

  async image(id: string, time: string, options: MediaOptions = {}): Promise<MediaResponse> {
    const operation = said('api.op.cameraImage', { id });
    const path = `/v1/cameras/${segment(id, 'cameraId')}/images/${segment(time, 'imageTime')}`;
    return this.requester.media(get(operation, path, options), options.range);
  }
}

export interface RecordingCreate {
  camera_id: string;
  /** Seconds; the service defaults to 300, max 1800. */
  duration?: number;
  /** UTC ISO 8601; default now, up to 15 minutes ahead. */
  start?: string;
  tags?: string | readonly string[];
}

export class RecordingsApi extends GeoGroup<'recordings'> {
  protected readonly kind = 'recordings';

  /**
   * Not idempotent: never retried after a failure that may have created it, since a retry could
   * create a second recording; a 429 (nothing was created) is waited out and retried (http.ts).
   */
  create(body: RecordingCreate, options: CallOptions = {}) {
    const json = { ...body, tags: joinTags(body.tags) };
    const operation = said('api.op.record', { camera: body.camera_id });
    return this.requester.json(
      call(operation, 'POST', '/v1/recordings', options, { json }),
      okAnswer({ recording_id: z.string() }),
    );
  }

  async download(id: string, format: RecordingFormat, options: MediaOptions = {}) {
    const operation = said('api.op.recordingFile', { id, format });
    const path = `/v1/recordings/${segment(id, 'recordingId')}.${format}`;
    return this.requester.media(get(operation, path, options), options.range);
  }

  /** A fresh signed URL for a download (they expire after 15 minutes). */
  async downloadUrl(
    id: string,
    format: RecordingFormat,
    options: CallOptions = {},
  ): Promise<string> {
    const operation = said('api.op.recordingFile', { id, format });
    const path = `/v1/recordings/${segment(id, 'recordingId')}.${format}`;
    return this.requester.signedUrl(get(operation, path, options));
  }

  async addTags(id: string, tags: readonly string[], options: CallOptions = {}) {
    const path = `/v1/recordings/${segment(id, 'recordingId')}/tags`;
    return this.requester.json(
      call(said('api.op.recordingTags', { id }), 'PUT', path, options, { json: { tags } }),
      okAnswer({ tags: z.array(z.string()) }),
    );
  }
}

export class AlertsApi extends GeoGroup<'alerts'> {
  protected readonly kind = 'alerts';

  snapshot(time: Date | string, options: CallOptions = {}) {
    return snapshot(this.requester, 'alerts', time, options, alertSnapshotAnswer);
  }
}
