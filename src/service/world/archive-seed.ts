/**
 * Existing recordings and collections of a new world, so that their searches have something
 * to find: a modest number of each, created over the last 95 days (those older than 90 days
 * have expired and are never shown), with every status, several tags and durations.
 */
import type { RecordingFormat, RecordingStatus } from '../../shared/api/index.ts';
import type { StoreDb } from '../store/db.ts';
import { addCollectionImage, insertCollection } from '../store/collections.ts';
import { insertRecording } from '../store/recordings.ts';
import { idFrom, rng } from './random.ts';
import { SLOT_S } from './weather.ts';

const TAGS = [
  'storm',
  'snow',
  'fog',
  'commute',
  'incident',
  'training',
  'flooding',
  'winter',
  'review',
  'demo',
];
const DURATIONS = [60, 120, 300, 300, 300, 600, 900, 1800];
const RATES = [0.2, 0.5, 1, 1, 2];
const DAY = 86400;

interface CameraRow {
  num: number;
  id: string;
  video: number;
}

export function recordingId(seed: number, key: number): string {
  return `rec_${idFrom(12, seed, 0x7ec, key)}`;
}

export function collectionId(seed: number, key: number): string {
  return `col_${idFrom(12, seed, 0xc01, key)}`;
}

export function imageName(cameraId: string, t: number): string {
  const iso = new Date(t * 1000).toISOString();
  return `${cameraId}_${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z.jpg`;
}

export function seedArchive(db: StoreDb, seed: number, now: number): void {
  const cameras = db
    .prepare('SELECT num, id, video FROM cameras ORDER BY idx')
    .all() as CameraRow[];
  if (cameras.length === 0) return;
  const count = Math.min(400, 40 + Math.floor(cameras.length / 25));
  for (let k = 0; k < count; k++) {
    const r = rng(seed, 0x7ec, k);
    const cam = cameras[r.int(cameras.length)]!;
    let status: RecordingStatus;
    let created: number;
    let start: number;
    if (k % 17 === 3) {
      status = 'submitted';
      created = now - r.int(15 * 60);
      start = created + r.int(15 * 60);
    } else {
      created = now - Math.floor(r.next() * 95 * DAY);
      start = created - (r.chance(0.5) ? 0 : Math.floor(r.next() * 2 * DAY));
      status = r.chance(0.1) ? 'failed' : 'complete';
    }
    const duration = r.pick(DURATIONS);
    const formats: RecordingFormat[] = status === 'complete' ? ['jpg', 'mp4', 'zip'] : [];
    const tags = TAGS.filter(() => r.chance(0.18)).slice(0, 3);
    insertRecording(db, {
      id: recordingId(seed, k),
      cameraNum: cam.num,
      status,
      duration,
      rate: r.pick(RATES),
      start,
      stop: start + duration,
      tags,
      formats,
      createdAt: created,
    });
  }
  seedCollections(db, seed, now, cameras);
}

const COLLECTIONS: [name: string, description: string, tags: string][] = [
  [
    'Winter storm',
    'Snow-covered interstates during the first winter storm of the season',
    'snow,winter,storm',
  ],
  ['Fog events', 'Dense fog mornings in the valleys', 'fog'],
  ['Bridge cameras', 'Frames from cameras on bridges and overpasses', 'infrastructure'],
  ['Training set: wet roads', 'Labelled wet and ponding road surfaces', 'training,wet'],
  ['Incident review', 'Frames kept for the incident review meeting', 'incident,review'],
  ['Demo favourites', 'A few nice views', 'demo'],
  ['Old survey', 'Created long ago: expired, never shown', 'archive'],
];

function seedCollections(db: StoreDb, seed: number, now: number, cameras: CameraRow[]): void {
  COLLECTIONS.forEach(([name, description, tags], k) => {
    const r = rng(seed, 0xc01, k);
    const created =
      k === COLLECTIONS.length - 1 ? now - 92 * DAY : now - Math.floor((5 + r.next() * 80) * DAY);
    const updated = Math.min(now, created + Math.floor(r.next() * 4 * DAY));
    const num = insertCollection(db, {
      id: collectionId(seed, k),
      name,
      description,
      tags: tags.split(','),
      createdAt: created,
      updatedAt: updated,
    });
    const images = k === 0 ? 250 : k === 5 ? 0 : 5 + r.int(40);
    for (let i = 0; i < images; i++) {
      const cam = cameras[r.int(cameras.length)]!;
      const t = Math.floor((updated - r.int(2 * DAY)) / SLOT_S) * SLOT_S;
      addCollectionImage(db, num, imageName(cam.id, t), updated, { camera_id: cam.id, time: t });
    }
  });
}
