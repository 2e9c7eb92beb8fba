/**
 * The media side of a running service (issue 4): frame renderer, URL signer, live streams,
 * the recording job, injected faults and the test controls' state. Attached to the service
 * context once at start, read by the media routes, closed with the service.
 */
import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import type { IncomingMessage } from 'node:http';
import type { ServiceContext } from '../context.ts';
import { RecordingJobs } from '../jobs/recording-jobs.ts';
import { stringKey } from '../world/random.ts';
import { FaultInjector } from './faults.ts';
import { FrameRenderer, type ImageFormat } from './frames.ts';
import { LiveStreams } from './live-streams.ts';
import { UrlSigner } from './signing.ts';
import { StoreMediaWorld, type MediaCamera } from './world-view.ts';

export interface MediaOptions {
  /** Live video encoders allowed at once (default 20). */
  maxEncoders?: number;
  /** An encoder with no viewer stops after this long (default 30 s). */
  liveIdleMs?: number;
}

export class MediaServices {
  readonly dir: string;
  readonly world: StoreMediaWorld;
  readonly renderer: FrameRenderer;
  readonly signer: UrlSigner;
  readonly live: LiveStreams;
  readonly jobs: RecordingJobs;
  readonly faults = new FaultInjector();
  /** Cameras taken offline by a test control: live image and stream fail. */
  readonly offline = new Set<string>();
  readonly #s: ServiceContext;

  constructor(s: ServiceContext, dataDir: string, o: MediaOptions = {}) {
    this.#s = s;
    this.dir = join(dataDir, 'media');
    this.world = new StoreMediaWorld(s.world.db, s.world.seed);
    this.renderer = new FrameRenderer(join(this.dir, 'frames'));
    // Derived from the world's persistent secret: signed URLs survive a restart.
    this.signer = new UrlSigner(
      createHmac('sha256', s.world.jwtSecret).update('signed-urls').digest(),
    );
    this.live = new LiveStreams({
      dir: join(this.dir, 'live'),
      maxEncoders: o.maxEncoders ?? 20,
      idleMs: o.liveIdleMs ?? 30_000,
      frame: (cameraId, tMs) => this.liveFrame(cameraId, tMs),
      nowMs: () => s.clock.nowMs(),
      log: s.log,
    });
    this.jobs = new RecordingJobs({
      db: s.world.db,
      world: this.world,
      renderer: this.renderer,
      clock: s.clock,
      dir: join(this.dir, 'recordings'),
      log: s.log,
      changed: () => s.world.version++,
    });
  }

  /** A signed URL for a path under /signed/, absolute when the request named its host. */
  signedUrl(req: IncomingMessage, path: string): string {
    const relative = this.signer.sign(path, this.#s.clock.nowS());
    const host = req.headers.host;
    return host && /^[\w.:[\]-]+$/.test(host) ? `http://${host}${relative}` : relative;
  }

  liveFrame(cameraId: string, tMs: number): Promise<Buffer> {
    const camera = this.world.camera(cameraId);
    if (!camera) return Promise.reject(new Error(`no camera ${cameraId}`));
    return this.renderer.render({
      camera,
      conditions: this.world.conditionsAt(camera, Math.floor(tMs / 1000)),
      tMs,
    });
  }

  /** The cached frame file of a camera at an epoch millisecond. */
  frameFile(camera: MediaCamera, tMs: number, format: ImageFormat = 'jpeg'): Promise<string> {
    return this.renderer.file(
      { camera, conditions: this.world.conditionsAt(camera, Math.floor(tMs / 1000)), tMs },
      format,
    );
  }

  async setOffline(cameraId: string, offline: boolean): Promise<void> {
    if (offline) {
      this.offline.add(cameraId);
      await this.live.stop(cameraId);
    } else this.offline.delete(cameraId);
  }

  async close(): Promise<void> {
    await Promise.all([this.jobs.close(), this.live.close()]);
  }
}

export type LiveImageMode = 'jpeg' | 'png' | 'redirect';

/** How a camera answers Live (spec 4.3 allows all three); fixed per camera. */
export function liveImageMode(cameraId: string): LiveImageMode {
  const k = stringKey(cameraId) % 10;
  return k < 2 ? 'png' : k < 4 ? 'redirect' : 'jpeg';
}

const attached = new WeakMap<ServiceContext, MediaServices>();

export function attachMedia(s: ServiceContext, dataDir: string, o?: MediaOptions): MediaServices {
  const m = new MediaServices(s, dataDir, o);
  attached.set(s, m);
  return m;
}

export function mediaOf(s: ServiceContext): MediaServices {
  const m = attached.get(s);
  if (!m)
    throw new Error('The media services were not attached to this service context (attachMedia).');
  return m;
}
