/**
 * The command line's own channels: operations `roadcam` runs that the app has no channel for,
 * because their parameters are the interface's names as typed and their answers the service's as
 * sent (searches, show, recordings create and tags, snapshots), because they write what the
 * service streams to a file the user named (media, tiles, diagnostics), or because a batch of
 * `roadcam download` is found again by its key when the command is run again.
 *
 * They are answered by the same engine and checked by the same input check as the contract's
 * channels, but only on the command line's in-process transport (src/engine/ipc/command-line.ts):
 * never on the desktop's IPC or browser mode's socket, whose pages must not name files to write.
 */
import { z } from 'zod';
import type {
  Alert,
  Camera,
  Collection,
  FeatureCollection,
  Observation,
  Recording,
  SessionResponse,
} from '../api/index.ts';
import { RECORDING_FORMATS } from '../api/index.ts';
import type { DownloadBatchView, DownloadsSnapshot } from './downloads.ts';
import { EXISTING_POLICIES } from './downloads.ts';
import type { Channel, EventName, EventPayload, Input, Result } from '../ipc.ts';
import { once, onFirstUse } from './first-use.ts';
import { type } from './marker.ts';
import type { CreatedRecording } from './recordings.ts';

export const GEO_KINDS = ['cameras', 'observations', 'recordings', 'alerts'] as const;
export type GeoFeature = Camera | Observation | Recording | Alert;

const kind = once(() => z.enum(GEO_KINDS));
const id = once(() => z.string().min(1).max(1000));
/** The interface's parameters as typed: the service checks them and explains a wrong one. */
const params = once(() => z.record(z.string(), z.unknown()));
/** A file the user named on the command line (absolute: the CLI resolves it). */
const out = once(() => z.string().min(1).max(4096));
const operationId = once(() => z.string().min(1).max(100));
const none = once(() => z.object({}).strict());

export interface CommandLineSearch {
  collection: FeatureCollection<GeoFeature>;
  /** True when the service was unreachable and this is the answer an earlier search cached. */
  fromCache: boolean;
  fetchedAt: string;
}

export interface SavedFile {
  path: string;
  contentType?: string | null;
  bytes?: number;
}

/** What `roadcam download` asks for: its batch is found again by `key` on the next run. */
export const commandLineBatch = once(() =>
  z
    .object({
      key: z.string().min(1).max(200),
      label: z.string().min(1).max(500),
      folder: out(),
      template: z.string().min(1).max(500),
      existing: z.enum(EXISTING_POLICIES),
      formats: z.array(z.enum(RECORDING_FORMATS)).min(1),
      /** Looked up by `cli.downloads.fill`, each recording's files starting as its lookup returns. */
      ids: z.array(id()).optional(),
      /** The service's query parameters: the recordings found make the batch at once. */
      query: params().optional(),
    })
    .strict(),
);

export const commandLineChannels = onFirstUse({
  /** One page of a search, cached; the cached answer when the service cannot be reached. */
  'cli.search': {
    input: () => z.object({ kind: kind(), params: params() }).strict(),
    result: type<CommandLineSearch>(),
  },
  /** Every result past the paging ceiling; progress as `cli.progress` events. */
  'cli.searchAll': {
    input: () => z.object({ kind: kind(), params: params(), operationId: operationId() }).strict(),
    result: type<{ features: GeoFeature[]; requests: number; incomplete: unknown[] }>(),
  },
  'cli.show': {
    input: () => z.object({ kind: kind(), id: id() }).strict(),
    result: type<GeoFeature>(),
  },
  /** The session's attributes, the service's address and the token's remaining seconds. */
  'cli.session': {
    input: none,
    result: type<{ baseUrl: string; session: SessionResponse; tokenSecondsLeft: number | null }>(),
  },
  /** POST /v1/recordings with the command's parameters; the service's answer as sent. */
  'cli.recordings.create': {
    input: () =>
      z
        .object({
          camera_id: id(),
          duration: z.number().int().optional(),
          start: z.string().optional(),
          tags: z.string().optional(),
        })
        .strict(),
    result: type<{ recording_id: string } & Record<string, unknown>>(),
  },
  /** One recording per camera, a few at a time; each camera's id or the service's refusal. */
  'cli.recordings.createEach': {
    input: () =>
      z
        .object({
          cameraIds: z.array(id()).min(1),
          duration: z.number().int(),
          start: z.string().optional(),
          tags: z.string().optional(),
        })
        .strict(),
    result: type<CreatedRecording[]>(),
  },
  'cli.recordings.addTags': {
    input: () => z.object({ id: id(), tags: z.array(z.string()).min(1) }).strict(),
    result: type<{ tags: string[] }>(),
  },
  /** The service's clock (ms), as the client knows it from its answers. */
  'cli.serviceNow': { input: none, result: type<number>() },
  /** Streams an image of the service into `out` (never whole in memory, never via a link). */
  'cli.media.save': {
    input: () =>
      z
        .object({
          source: z.discriminatedUnion('kind', [
            z.object({ kind: z.literal('live'), cameraId: id() }).strict(),
            z.object({ kind: z.literal('archived'), cameraId: id(), time: id() }).strict(),
            z.object({ kind: z.literal('preview'), observationId: id() }).strict(),
          ]),
          out: out(),
          replace: z.boolean(),
          /** `out` is a name without extension: .png when the service says png, else .jpg. */
          extensionByType: z.boolean().optional(),
        })
        .strict(),
    result: type<SavedFile>(),
  },
  'cli.cameras.images': {
    input: () =>
      z
        .object({ id: id(), time: z.string().optional(), limit: z.number().int().optional() })
        .strict(),
    result: type<{ times: string[]; total: number }>(),
  },
  'cli.tile.save': {
    input: () =>
      z
        .object({
          kind: z.enum(['cameras', 'observations']),
          z: z.number().int().min(0).max(24),
          x: z.number().int().min(0),
          y: z.number().int().min(0),
          sortDir: z.enum(['asc', 'desc']).optional(),
          out: out(),
          replace: z.boolean(),
        })
        .strict(),
    result: type<SavedFile>(),
  },
  /** A ten-minute snapshot (`_all`) by its mark (yyyyddmmThhmmZ). */
  'cli.snapshot': {
    input: () => z.object({ kind: z.enum(['observations', 'alerts']), mark: id() }).strict(),
    result: type<{ type: string; features: unknown[] }>(),
  },
  /** A page of collections, kept offline; those kept offline when the service is unreachable. */
  'cli.collections.list': {
    input: () => z.object({ params: params() }).strict(),
    result: type<{ results: Collection[]; total: number; offline: boolean }>(),
  },
  /** One collection with every image name; the offline copy (and when) when unreachable. */
  'cli.collections.show': {
    input: () => z.object({ id: id() }).strict(),
    result: type<{ collection: Collection & { images: string[] }; syncedAt: string | null }>(),
  },
  /** Help > Save diagnostics into `out`. */
  'cli.diagnostics.save': {
    input: () => z.object({ out: out(), replace: z.boolean(), crashDumps: z.boolean() }).strict(),
    result: type<{ path: string; bytes: number }>(),
  },
  /**
   * Claims the download engine for this process, refused in words while another Roadcam runs
   * the data folder's queue; `concurrency` holds for this process only, not saved.
   */
  'cli.downloads.claim': {
    input: () => z.object({ concurrency: z.number().int().min(1).max(16).optional() }).strict(),
    result: type<null>(),
  },
  /** Makes or finds (by its key) the batch; its ids are added by `cli.downloads.fill`. */
  'cli.downloads.open': { input: commandLineBatch, result: type<{ batchId: number }>() },
  /** Looks the ids of an open batch up and adds their files; resolves when all are added. */
  'cli.downloads.fill': {
    input: () => z.object({ batchId: z.number().int() }).strict(),
    result: type<null>(),
  },
  'cli.downloads.batch': {
    input: () => z.object({ batchId: z.number().int() }).strict(),
    result: type<DownloadBatchView | null>(),
  },
  /**
   * One batch and its items, as `downloads.list` has them: the end of a command's batch read
   * without the data folder's whole history (a resident engine's grows with each command).
   */
  'cli.downloads.summary': {
    input: () => z.object({ batchId: z.number().int() }).strict(),
    result: type<DownloadsSnapshot>(),
  },
  /** Saved profiles (SQLite only: listed without a keychain). */
  'cli.profiles.list': { input: none, result: type<SavedProfile[]>() },
  /**
   * `roadcam login`: with `verify`, signs in first (one token request, whose token is kept) and
   * saves nothing if the service refuses; the secret and token go to the OS keychain.
   */
  'cli.profiles.save': {
    input: () =>
      z
        .object({
          name: z.string().min(1).max(200),
          baseUrl: z.url({ protocol: /^https?$/ }),
          clientId: z.string().min(1).max(1000),
          secret: z.string().min(1).max(10_000),
          verify: z.boolean(),
        })
        .strict(),
    result: type<{ profile: SavedProfile; account: string | null }>(),
  },
  /** False when there is no such profile. */
  'cli.profiles.remove': {
    input: () => z.object({ name: z.string().min(1).max(200) }).strict(),
    result: type<boolean>(),
  },
} as const);

export interface SavedProfile {
  name: string;
  baseUrl: string;
  clientId: string;
  createdAt: string;
  updatedAt: string;
}

export type CommandLineOwnChannel = keyof typeof commandLineChannels;

/** The engine's implementation of each, fed only checked input. */
export type CommandLineHandlers = {
  [C in CommandLineOwnChannel]: (
    input: z.output<(typeof commandLineChannels)[C]['input']>,
  ) =>
    Promise<(typeof commandLineChannels)[C]['result']> | (typeof commandLineChannels)[C]['result'];
};

export const commandLineEvents = {
  /** `cli.searchAll`'s progress. */
  'cli.progress': type<{ operationId: string; found: number; requests: number }>(),
} as const;

type OwnEvent = keyof typeof commandLineEvents;
/** Every channel the command line may invoke: the contract's and its own. */
export type CommandLineChannel = Channel | CommandLineOwnChannel;
export type CommandLineInput<C extends CommandLineChannel> = C extends Channel
  ? Input<C>
  : C extends CommandLineOwnChannel
    ? z.input<(typeof commandLineChannels)[C]['input']>
    : never;
export type CommandLineResult<C extends CommandLineChannel> = C extends Channel
  ? Result<C>
  : C extends CommandLineOwnChannel
    ? (typeof commandLineChannels)[C]['result']
    : never;
export type CommandLineEvent = EventName | OwnEvent;
export type CommandLinePayload<E extends CommandLineEvent> = E extends EventName
  ? EventPayload<E>
  : E extends OwnEvent
    ? (typeof commandLineEvents)[E]
    : never;

/**
 * The command line's one way to the engine: the contract's channels and its own, the same
 * input check, and a failure thrown as the engine threw it, so that the exit code can tell
 * refused credentials (3) from a failing service (1).
 */
export interface CommandLineApi {
  invoke<C extends CommandLineChannel>(
    channel: C,
    input: CommandLineInput<C>,
  ): Promise<CommandLineResult<C>>;
  on<E extends CommandLineEvent>(
    event: E,
    listener: (payload: CommandLinePayload<E>) => void,
  ): () => void;
}
