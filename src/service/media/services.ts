/**
 * The media side of a running service: frame renderer, URL signer, live streams,
 * the recording job, injected faults and the test controls' state. Attached to the service
 * context once at start, read by the routes that serve media, closed with the service.
 */
import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import type { IncomingMessage, RequestListener } from 'node:http';
import type { ServiceContext } from '../context.ts';
import { RecordingJobs } from '../jobs/recording-jobs.ts';
import { stringKey } from '../world/random.ts';
import { FaultInjector } from './faults.ts';
import { conditionsKey, FrameRenderer, safeName, type ImageFormat } from './frames.ts';
import { imageNamesOf } from './image-names.ts';
import { LiveStreams, type LiveMode } from './live-streams.ts';
import type { LoopLook } from './live-loop.ts';
import { SignedFileHost, SignedRequestCounter } from './signed-host.ts';
import { UrlSigner } from './signing.ts';
import { StoreMediaWorld, type MediaCamera } from './world-view.ts';

export interface MediaServiceOptions {
  /** Live video encoders allowed at once (default 20). */
  maxEncoders?: number;
  /** An encoder with no viewer stops after this long (default 30 s). */
  liveIdleMs?: number;
  /** Live video from loops encoded ahead (default) or from an encoder per stream. */
  live?: LiveMode;
  /** Loops kept on disk (default 400: 200 MB at most, a loop being 0.2–0.5 MB); the least recently used go first. */
  maxLoops?: number;
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
  /** Requests for signed files, and those that carried credentials (none should). */
  readonly signedRequests = new SignedRequestCounter();
  readonly #s: ServiceContext;
  /** The CDN of variant signedHost 'cdn' (signed-host.ts), once started. */
  #signedHost: SignedFileHost | undefined;

  constructor(s: ServiceContext, dataDir: string, o: MediaServiceOptions = {}) {
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
      loopsDir: join(this.dir, 'live-loops'),
      mode: o.live ?? 'loop',
      maxLoops: o.maxLoops ?? 400,
      // A 6 × 6 wall of one client, and a few streams more.
      maxEncoders: o.maxEncoders ?? 40,
      idleMs: o.liveIdleMs ?? 30_000,
      frame: (cameraId, tMs) => this.liveFrame(cameraId, tMs),
      look: (cameraId) => this.liveLook(cameraId),
      nowMs: () => s.clock.nowMs(),
      log: s.log,
    });
    this.jobs = new RecordingJobs({
      db: s.world.db,
      world: this.world,
      renderer: this.renderer,
      clock: s.clock,
      // Zips name their frames as this service names images; a data folder used by services
      // that name them otherwise keeps each one's files apart.
      dir: join(this.dir, s.variant.imageNames === 'opaque' ? 'recordings-opaque' : 'recordings'),
      frameName: imageNamesOf(s).name,
      log: s.log,
      changed: () => s.world.version++,
    });
  }

  /**
   * Starts the second host of the signed files when the variant puts them on another origin;
   * `route` answers its requests (the signed routes). Nothing to do for ours.
   */
  async start(host: string, route: () => RequestListener): Promise<void> {
    if (this.#s.variant.signedHost !== 'cdn') return;
    const cdn = new SignedFileHost(this.signedRequests, route(), this.#s);
    await cdn.listen(host);
    this.#signedHost = cdn;
    this.#s.log(`signed files served on ${cdn.origin} (variant signedHost: cdn)`);
  }

  /**
   * A signed URL for a path under /signed/: on the CDN's origin when the variant has one, else
   * on the service's own, absolute when the request named its host.
   */
  signedUrl(req: IncomingMessage, path: string): string {
    const relative = this.signer.sign(path, this.#s.clock.nowS());
    if (this.#signedHost) return `${this.#signedHost.originFor(req)}${relative}`;
    const host = req.headers.host;
    return host && /^[\w.:[\]-]+$/.test(host) ? `${this.#s.scheme}://${host}${relative}` : relative;
  }

  /**
   * Called by every signed route before it serves: counts the request (the CDN counted its own)
   * and, when the files live on the CDN, refuses them on the service's own host, as a
   * provider whose files are only on its CDN would.
   */
  signedRequest(req: IncomingMessage): { refused: string } | null {
    const cdn = this.#signedHost;
    if (cdn?.received(req)) return null;
    this.signedRequests.note(req);
    return cdn
      ? {
          refused: `Signed files are served by ${cdn.origin}: follow the service's redirects as they are.`,
        }
      : null;
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

  /**
   * A camera's look now, the input of its live loop: frames of its scene under the conditions
   * of this moment, without a burnt-in time. The key names the loop for as long as they hold.
   */
  liveLook(cameraId: string): LoopLook {
    const camera = this.world.camera(cameraId);
    if (!camera) throw new Error(`no camera ${cameraId}`);
    const conditions = this.world.conditionsAt(camera, this.#s.clock.nowS());
    return {
      key: `${safeName(camera.id)}-${conditionsKey(conditions)}-v1`,
      frame: (i) => this.renderer.render({ camera, conditions, tMs: i * 1000, clock: false }),
      scale: '',
    };
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
    await Promise.all([this.jobs.close(), this.live.close(), this.#signedHost?.close()]);
  }
}

export type LiveImageMode = 'jpeg' | 'png' | 'redirect';

/** How a camera answers Live (interface 4.3 allows all three); fixed per camera. */
export function liveImageMode(cameraId: string): LiveImageMode {
  const k = stringKey(cameraId) % 10;
  return k < 2 ? 'png' : k < 4 ? 'redirect' : 'jpeg';
}

const attached = new WeakMap<ServiceContext, MediaServices>();

export function attachMedia(
  s: ServiceContext,
  dataDir: string,
  o?: MediaServiceOptions,
): MediaServices {
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
