/**
 * What the media side needs to know about the world, read from the world's store: cameras
 * and the conditions a frame shows at a time. Inside the stored observation history the
 * conditions are the stored observation of that ten-minute slot, so images agree with the
 * sensors; before it (old recordings) they are read off the same weather field.
 */
import type { StoreDb } from '../store/db.ts';
import {
  fieldAt,
  fogAt,
  localHour,
  precipAt,
  SLOT_S,
  temperatureAt,
  type FieldAt,
} from '../world/weather.ts';
import type { FrameConditions } from './scene.ts';

export interface MediaCamera {
  num: number;
  id: string;
  lon: number;
  lat: number;
  description: string;
  video: boolean;
}

export interface MediaWorld {
  camera(id: string): MediaCamera | undefined;
  cameraByNum(num: number): MediaCamera | undefined;
  /** Conditions shown by the camera's images at epoch second t. */
  conditionsAt(camera: MediaCamera, t: number): FrameConditions;
  /** Epoch second of the oldest stored observation: archived imagery starts there. */
  archiveStart(): number;
}

interface CameraRow {
  num: number;
  id: string;
  lon: number;
  lat: number;
  description: string;
  video: number;
}

/** Night for the picture: local solar time between 19:00 and 06:00. */
export function isNight(t: number, lon: number): boolean {
  const h = localHour(t, lon);
  return h >= 19 || h < 6;
}

export class StoreMediaWorld implements MediaWorld {
  readonly #db: StoreDb;
  readonly #seed: number;
  readonly #cameras = new Map<string, MediaCamera | undefined>();
  readonly #fields = new Map<number, FieldAt>();

  constructor(db: StoreDb, seed: number) {
    this.#db = db;
    this.#seed = seed;
  }

  camera(id: string): MediaCamera | undefined {
    if (!this.#cameras.has(id)) {
      const row = this.#db
        .prepare('SELECT num, id, lon, lat, description, video FROM cameras WHERE id = ?')
        .get(id) as CameraRow | undefined;
      if (this.#cameras.size > 20_000) this.#cameras.clear();
      this.#cameras.set(id, row ? { ...row, video: row.video === 1 } : undefined);
    }
    return this.#cameras.get(id);
  }

  cameraByNum(num: number): MediaCamera | undefined {
    const id = this.#db.prepare('SELECT id FROM cameras WHERE num = ?').pluck().get(num) as
      string | undefined;
    return id === undefined ? undefined : this.camera(id);
  }

  archiveStart(): number {
    return (
      (this.#db.prepare('SELECT min(time) FROM observations').pluck().get() as number | null) ??
      Infinity
    );
  }

  conditionsAt(camera: MediaCamera, t: number): FrameConditions {
    const slot = Math.floor(t / SLOT_S) * SLOT_S;
    const row = this.#db
      .prepare('SELECT rw, vis, pr FROM observations WHERE camera = ? AND time = ?')
      .get(camera.num, slot) as { rw: number; vis: number; pr: number } | undefined;
    const night = isNight(t, camera.lon);
    if (row) return { roadWeather: row.rw, visibility: row.vis / 10, precip: row.pr, night };
    return { ...this.#fromWeather(camera, slot), night };
  }

  /** A simplified reading of the weather field, for times outside the stored history. */
  #fromWeather(camera: MediaCamera, slot: number): Omit<FrameConditions, 'night'> {
    let field = this.#fields.get(slot);
    if (!field) {
      if (this.#fields.size > 256) this.#fields.clear();
      field = fieldAt(this.#seed, slot);
      this.#fields.set(slot, field);
    }
    const cosLat = Math.cos((camera.lat * Math.PI) / 180);
    const p = precipAt(field, camera.lon, camera.lat, cosLat);
    const temp = temperatureAt(this.#seed, slot, camera.lon, camera.lat, p);
    const fog = Math.max(fogAt(field, camera.lon, camera.lat, cosLat), p * 0.6);
    const roadWeather =
      temp < 0.5 && p > 0.4
        ? 10
        : temp < 2 && p > 0.22
          ? 6
          : p > 0.9
            ? 3
            : p > 0.42
              ? 2
              : p > 0.15
                ? 1
                : 0;
    const visibility = fog > 0.85 ? 0 : fog > 0.6 ? 0.2 : fog > 0.35 ? 0.5 : 1;
    return { roadWeather, visibility, precip: p > 0.8 ? 1 : 0 };
  }
}
