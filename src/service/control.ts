/**
 * Test controls: make the world misbehave on purpose, in-process (RunningService.control) or
 * over HTTP under /_admin when the service runs with admin: true. Set or advance the clock,
 * take a camera offline, stop (stall) or resume one camera's stream, add an alert, inject
 * faults on signed downloads.
 */
import { randomBytes } from 'node:crypto';
import type { LonLat } from '../shared/geo.ts';
import type { ServiceContext } from './context.ts';
import type { FaultSpec } from './media/faults.ts';
import type { MediaServices } from './media/services.ts';
import type { SignedRequestStats } from './media/signed-host.ts';
import type { RecordingFormat } from '../shared/api/index.ts';
import { insertRecording } from './store/recordings.ts';
import { insertAlert } from './world/alert-store.ts';
import { CERTAINTY_TEXT, SEVERITY_TEXT, URGENCY_TEXT } from './world/alert-text.ts';

export interface AddAlertInput {
  event: string;
  /** closed ring, [lon, lat] pairs */
  polygon: LonLat[];
  headline?: string;
  description?: string;
  /** [code, name] pairs, e.g. [['CO', 'Colorado']] */
  states?: [string, string][];
  country?: string;
  origin?: string;
  areaDesc?: string;
  /** default: now */
  effective?: string;
  /** default: two hours after effective */
  expires?: string;
  urgency?: (typeof URGENCY_TEXT)[number];
  severity?: (typeof SEVERITY_TEXT)[number];
  certainty?: (typeof CERTAINTY_TEXT)[number];
}

export interface ServiceControl {
  now(): Date;
  setClock(t: Date | string): void;
  advanceClock(ms: number): void;
  /** Offline: the live image and the live stream fail with 503 until set back online. */
  setCameraOffline(cameraId: string, offline?: boolean): Promise<void>;
  /** Stopped: the stream's playlist stops growing (a stall) until resumed. */
  setStreamStopped(cameraId: string, stopped?: boolean): void;
  /** Adds an alert; returns its id. */
  addAlert(input: AddAlertInput): string;
  injectFault(spec: FaultSpec): void;
  clearFaults(): void;
  /** Resolves when every recording due for building is built. */
  recordingsIdle(): Promise<void>;
  /** How many live encoders run. */
  liveEncoders(): number;
  /** Requests for signed files, and how many carried the service's credentials (none should). */
  signedRequests(): SignedRequestStats;
  /**
   * Adds `count` complete recordings of `durationS` seconds, tagged `tag`, on the world's
   * cameras in turn, in one transaction, all with the files of the first (built once, then
   * linked): the worlds of benchmarks that queue thousands. Resolves with their ids.
   */
  seedRecordings(count: number, options: SeedRecordingsOptions): Promise<string[]>;
}

export interface SeedRecordingsOptions {
  durationS: number;
  tag: string;
  formats?: RecordingFormat[];
}

function enumIndex<T extends string>(
  name: string,
  list: readonly T[],
  value: T | undefined,
  fallback: number,
): number {
  if (value === undefined) return fallback;
  const i = list.findIndex((v) => v.toLowerCase() === value.toLowerCase());
  if (i < 0) throw new RangeError(`${name} must be one of ${list.join(', ')}`);
  return i;
}

function parseWhen(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const ms = Date.parse(text);
  if (!Number.isFinite(ms)) throw new RangeError(`${name} must be an ISO 8601 time, not ${text}`);
  return Math.floor(ms / 1000);
}

function addAlert(s: ServiceContext, a: AddAlertInput): string {
  if (!a.event) throw new RangeError('event is required');
  const ring = a.polygon;
  if (
    !Array.isArray(ring) ||
    ring.length < 4 ||
    ring.some((p) => !Array.isArray(p) || p.length !== 2 || !p.every(Number.isFinite))
  ) {
    throw new RangeError('polygon must be a closed ring of at least four [lon, lat] pairs');
  }
  const effective = parseWhen('effective', a.effective, s.clock.nowS());
  const expires = parseWhen('expires', a.expires, effective + 7200);
  const id = `test-${randomBytes(6).toString('hex')}`;
  insertAlert(s.world.db, {
    id,
    origin: a.origin ?? 'Roadcam test control',
    kind: {
      event: a.event,
      urgency: enumIndex('urgency', URGENCY_TEXT, a.urgency, 2),
      severity: enumIndex('severity', SEVERITY_TEXT, a.severity, 1),
      certainty: enumIndex('certainty', CERTAINTY_TEXT, a.certainty, 2),
      what: a.description ?? a.event,
      impacts: '',
    },
    headline: a.headline ?? `${a.event} (test)`,
    states: a.states ?? [],
    country: a.country ?? 'US',
    areaDesc: a.areaDesc ?? 'Test area',
    description: a.description ?? `${a.event} added by a test control.`,
    effective,
    expires,
    updated: effective,
    ring,
    source: id,
  });
  s.world.version++;
  return id;
}

export function createControl(s: ServiceContext, m: MediaServices): ServiceControl {
  return {
    now: () => s.clock.now(),
    setClock: (t) => s.clock.set(t),
    advanceClock: (ms) => s.clock.advance(ms),
    setCameraOffline: (id, offline = true) => m.setOffline(id, offline),
    setStreamStopped: (id, stopped = true) => m.live.setPaused(id, stopped),
    addAlert: (input) => addAlert(s, input),
    injectFault: (spec) => m.faults.add(spec),
    clearFaults: () => m.faults.clear(),
    recordingsIdle: () => m.jobs.idle(),
    liveEncoders: () => m.live.running,
    signedRequests: () => ({ ...m.signedRequests.stats }),
    seedRecordings: async (count, options) => {
      const ids = seedRecordings(s, count, options);
      await m.jobs.shareFiles(ids);
      return ids;
    },
  };
}

function seedRecordings(s: ServiceContext, count: number, o: SeedRecordingsOptions): string[] {
  const db = s.world.db;
  const cameras = db.prepare('SELECT num FROM cameras ORDER BY idx').all() as { num: number }[];
  if (cameras.length === 0) return [];
  const now = Math.floor(s.clock.now().getTime() / 1000);
  const ids: string[] = [];
  db.transaction(() => {
    for (let k = 0; k < count; k++) {
      const id = `rec_${randomBytes(9)
        .toString('base64url')
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '0')
        .slice(0, 12)}`;
      // Within the archive's reach: the last hour, one camera after another.
      const start = now - 3600 + (k % 3000);
      insertRecording(db, {
        id,
        cameraNum: cameras[k % cameras.length]!.num,
        status: 'complete',
        duration: o.durationS,
        rate: 1,
        start,
        stop: start + o.durationS,
        tags: [o.tag],
        formats: o.formats ?? ['jpg', 'zip'],
        createdAt: now,
      });
      ids.push(id);
    }
  })();
  s.world.version++;
  return ids;
}
