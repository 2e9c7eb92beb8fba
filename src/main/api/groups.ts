/**
 * Operations of the GeoJSON resource groups (spec 4.2 to 4.5). Searches go through the
 * client's shared search machinery; media answers are streamed (see MediaResponse).
 */
import type {
  Alert,
  AlertSearchParams,
  Camera,
  CameraSearchParams,
  Feature,
  FeatureCollection,
  Observation,
  ObservationSearchParams,
  Recording,
  RecordingFormat,
  RecordingSearchParams,
} from '../../shared/api/index.ts';
import type { ApiClient, CallOptions } from './client.ts';
import type { SearchAllOptions } from './paging.ts';
import type { ByteRange, Call, MediaResponse } from './requester.ts';
import { segment } from './path.ts';
import { z } from 'zod';
import {
  FEATURE_ANSWERS,
  alertSnapshotAnswer,
  imageTimesAnswer,
  okAnswer,
  readAnswer,
  snapshotObservationsAnswer,
  type AnswerShape,
} from './answers.ts';

/**
 * The worldwide observation snapshot's flat properties (spec 2.2, "All"). Defined here
 * because src/shared/api has no type for it yet.
 */
export interface SnapshotObservationProperties {
  /** URL of the camera image (a service address: it needs the token). */
  image: string;
  camera_id: string;
  description: string;
  city: string;
  state: string;
  country: string;
  /** null when the file gave no readable time */
  time: string | null;
  [sensor: `sensor.${string}`]: number;
}

/** Snapshot files are FeatureCollections without the search envelope. */
export interface Snapshot<F> {
  type: 'FeatureCollection';
  features: F[];
}

export interface MediaOptions extends CallOptions {
  /** Resume: ask the signed-URL host for these bytes only. */
  range?: ByteRange;
}

function get(operation: string, path: string, options: CallOptions, query?: URLSearchParams): Call {
  return { operation, method: 'GET', path, query, signal: options.signal };
}

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
  client: ApiClient,
  kind: string,
  time: Date | string,
  o: CallOptions,
  schema: AnswerShape<unknown>,
): Promise<T> {
  const mark = typeof time === 'string' ? time : snapshotTime(time);
  const path = `/v1/${kind}/_all/${segment(mark, 'snapshot time')}.json`;
  const media = await client.requester.media(get(`${kind} snapshot`, path, o));
  const text = await new Response(media.body).text();
  const log = client.requester.log;
  return readAnswer(`${kind} snapshot`, text, media.contentType, schema, log) as T;
}

abstract class GeoGroup<K extends 'observations' | 'cameras' | 'recordings' | 'alerts', P, F> {
  protected readonly client: ApiClient;
  protected abstract readonly kind: K;

  constructor(client: ApiClient) {
    this.client = client;
  }

  search(params: P, options: CallOptions = {}): Promise<FeatureCollection<F>> {
    return this.client.search(this.kind, params as never, options) as Promise<FeatureCollection<F>>;
  }

  iterate(params: P, options: CallOptions = {}): AsyncGenerator<F, void, undefined> {
    return this.client.iterate(this.kind, params as never, options) as AsyncGenerator<F>;
  }

  async searchAll(params: P, options: SearchAllOptions = {}) {
    return this.client.searchAll(this.kind, params as never, options);
  }

  async show(id: string, options: CallOptions = {}): Promise<F> {
    const name = this.kind.replace(/s$/, '');
    const operation = `${name} ${id}`;
    const path = `/v1/${this.kind}/${segment(id, `${name} id`)}`;
    const schema = FEATURE_ANSWERS[this.kind] as unknown as AnswerShape<F>;
    return this.client.requester.json(get(operation, path, options), schema);
  }
}

export class ObservationsApi extends GeoGroup<
  'observations',
  ObservationSearchParams,
  Observation
> {
  protected readonly kind = 'observations';

  tile(z: number, x: number, y: number, options: CallOptions & { sort_dir?: 'asc' | 'desc' } = {}) {
    const query = options.sort_dir
      ? new URLSearchParams({ sort_dir: options.sort_dir })
      : undefined;
    const path = `/v1/observations/${z}/${x}/${y}.mvt`;
    return this.client.requester.bytes(get('observation tile', path, options, query));
  }

  /** The worldwide snapshot of a ten-minute mark, flat properties (spec 2.2). */
  snapshot(time: Date | string, options: CallOptions = {}) {
    return snapshot<Snapshot<Feature<SnapshotObservationProperties>>>(
      this.client,
      'observations',
      time,
      options,
      snapshotObservationsAnswer,
    );
  }

  async preview(id: string, options: MediaOptions = {}): Promise<MediaResponse> {
    const path = `/v1/observations/${segment(id, 'observation id')}/preview`;
    return this.client.requester.media(get('observation preview', path, options), options.range);
  }
}

export class CamerasApi extends GeoGroup<'cameras', CameraSearchParams, Camera> {
  protected readonly kind = 'cameras';

  tile(z: number, x: number, y: number, options: CallOptions = {}): Promise<Uint8Array> {
    const path = `/v1/cameras/${z}/${x}/${y}.mvt`;
    return this.client.requester.bytes(get('camera tile', path, options));
  }

  /** The current image: answered directly (jpeg/png) or through a signed redirect. */
  async live(id: string, options: MediaOptions = {}): Promise<MediaResponse> {
    const operation = `camera ${id} live image`;
    const path = `/v1/cameras/${segment(id, 'camera id')}/live`;
    return this.client.requester.media(get(operation, path, options));
  }

  /** HLS: file is "playlist.m3u8" first, then whatever the playlists name. */
  async liveFile(id: string, file: string, options: CallOptions = {}): Promise<MediaResponse> {
    const operation = `camera ${id} live video`;
    const path = `/v1/cameras/${segment(id, 'camera id')}/live/${segment(file, 'video file name')}`;
    return this.client.requester.media(get(operation, path, options));
  }

  async images(
    id: string,
    query: { time?: string; limit?: number } = {},
    options: CallOptions = {},
  ) {
    const params = new URLSearchParams();
    if (query.time !== undefined) params.set('time', query.time);
    if (query.limit !== undefined) params.set('limit', String(query.limit));
    const operation = `camera ${id} images`;
    const path = `/v1/cameras/${segment(id, 'camera id')}/images`;
    return this.client.requester.json(get(operation, path, options, params), imageTimesAnswer);
  }

  async image(id: string, time: string, options: MediaOptions = {}): Promise<MediaResponse> {
    const operation = `camera ${id} image`;
    const path = `/v1/cameras/${segment(id, 'camera id')}/images/${segment(time, 'image time')}`;
    return this.client.requester.media(get(operation, path, options), options.range);
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

export class RecordingsApi extends GeoGroup<'recordings', RecordingSearchParams, Recording> {
  protected readonly kind = 'recordings';

  /**
   * Not idempotent: never retried after a failure that may have created it, since a retry could
   * create a second recording; a 429 (nothing was created) is waited out and retried (http.ts).
   */
  create(body: RecordingCreate, options: CallOptions = {}) {
    const tags = Array.isArray(body.tags) ? body.tags.join(',') : body.tags;
    return this.client.requester.json(
      {
        operation: `recording of camera ${body.camera_id}`,
        method: 'POST',
        path: '/v1/recordings',
        json: { ...body, tags },
        signal: options.signal,
      },
      okAnswer({ recording_id: z.string() }),
    );
  }

  async download(id: string, format: RecordingFormat, options: MediaOptions = {}) {
    const operation = `recording ${id} ${format}`;
    const path = `/v1/recordings/${segment(id, 'recording id')}.${format}`;
    return this.client.requester.media(get(operation, path, options), options.range);
  }

  /** A fresh signed URL for a download (they expire after 15 minutes). */
  async downloadUrl(
    id: string,
    format: RecordingFormat,
    options: CallOptions = {},
  ): Promise<string> {
    const operation = `recording ${id} ${format}`;
    const path = `/v1/recordings/${segment(id, 'recording id')}.${format}`;
    return this.client.requester.signedUrl(get(operation, path, options));
  }

  async addTags(id: string, tags: readonly string[], options: CallOptions = {}) {
    const operation = `tags of recording ${id}`;
    return this.client.requester.json(
      {
        operation,
        method: 'PUT',
        path: `/v1/recordings/${segment(id, 'recording id')}/tags`,
        json: { tags },
        signal: options.signal,
      },
      okAnswer({ tags: z.array(z.string()) }),
    );
  }
}

export class AlertsApi extends GeoGroup<'alerts', AlertSearchParams, Alert> {
  protected readonly kind = 'alerts';

  snapshot(time: Date | string, options: CallOptions = {}) {
    return snapshot<Snapshot<Alert>>(this.client, 'alerts', time, options, alertSnapshotAnswer);
  }
}
