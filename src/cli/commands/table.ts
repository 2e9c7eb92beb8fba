/**
 * The one table of commands: what each runs, how many words it takes and which flags it
 * reads. Dispatch, --help's checks and the shell completion scripts are all read from it.
 */
import type { GeoKind } from '../../engine/index.ts';
import type { Context } from '../context.ts';
import { searchFlagNames } from '../search-flags.ts';
import {
  ADD_FLAGS,
  CHANGES_FLAGS,
  CREATE_FLAGS,
  CREATE_RECORDING_FLAGS,
  DATASET_FLAGS,
  DIAGNOSTICS_FLAGS,
  DOWNLOAD_FLAGS,
  EXPORT_FLAGS,
  GLOBAL_FLAGS,
  IMAGES_FLAGS,
  LIST_FLAGS,
  LOGIN_FLAGS,
  OUT_FLAGS,
  ROUTE_SAVE_FLAGS,
  ROUTE_VIEW_FLAGS,
  TAGS_FLAGS,
  TILE_FLAGS,
  UPDATE_FLAGS,
  WATCH_FLAGS,
} from './flags.ts';

export interface Command {
  /** How many words the command line may have, the command's own included. */
  words: number;
  /** Value flags of its own (the global ones come with every command that reaches the service). */
  flags: readonly string[];
  /** Switches of its own, beyond --json, --help and the connection's. */
  switches?: readonly string[];
  /** Whether it talks to the service (and so takes the connection's flags). */
  offline?: boolean;
  /** Never run in a resident engine (`engine start|status|stop` run where they are typed). */
  here?: boolean;
  run(ctx: Context, word: string | undefined): Promise<number>;
}

type Run = Command['run'];

/**
 * A command's code, loaded when it runs (a build makes each module a chunk of its own): a
 * command loads no other command's code, and --help, --version and completion none at all.
 */
function lazy<M>(load: () => Promise<M>, pick: (module: M) => Run): Run {
  return async (ctx, word) => pick(await load())(ctx, word);
}

const account = () => import('./account.ts');
const doctor = () => import('./doctor.ts');
const diagnostics = () => import('./diagnostics.ts');
const recordingTags = () => import('./recording-tags.ts');
const downloads = () => import('./download.ts');
const engine = () => import('./engine.ts');
const dataset = () => import('./dataset.ts');
const collectionEdit = () => import('./collection-edit.ts');
const collectionOffline = () => import('./collection-offline.ts');
const collections = () => import('./collections.ts');
const conditions = () => import('./conditions.ts');
const media = () => import('./media.ts');
const routes = () => import('./routes.ts');
const searches = () => import('./search.ts');
const settings = () => import('./settings.ts');

const FORCE = ['force'];

const KINDS: readonly GeoKind[] = ['cameras', 'observations', 'recordings', 'alerts'];

export const COMMANDS: Record<string, Command> = {
  login: {
    words: 1,
    flags: LOGIN_FLAGS,
    switches: ['no-verify'],
    offline: true,
    run: lazy(account, (m) => m.login),
  },
  logout: { words: 1, flags: ['profile'], offline: true, run: lazy(account, (m) => m.logout) },
  profiles: { words: 1, flags: [], offline: true, run: lazy(account, (m) => m.profiles) },
  session: { words: 1, flags: [], run: lazy(account, (m) => m.session) },
  'engine start': { words: 2, flags: [], here: true, run: lazy(engine, (m) => m.engineStart) },
  'engine status': {
    words: 2,
    flags: [],
    offline: true,
    here: true,
    run: lazy(engine, (m) => m.engineStatus),
  },
  'engine stop': {
    words: 2,
    flags: [],
    offline: true,
    here: true,
    run: lazy(engine, (m) => m.engineStop),
  },
  doctor: {
    words: 1,
    flags: [],
    run: lazy(doctor, (m) => m.doctor),
  },
  diagnostics: {
    words: 1,
    flags: DIAGNOSTICS_FLAGS,
    switches: ['force', 'include-crash-dumps'],
    run: lazy(diagnostics, (m) => m.diagnostics),
  },
  ...Object.fromEntries(
    KINDS.flatMap((kind) => [
      [
        `${kind} search`,
        {
          words: 2,
          flags: searchFlagNames(kind),
          switches: ['all'],
          run: lazy(searches, (m) => (ctx: Context) => m.search(ctx, kind)),
        },
      ],
      [
        `${kind} show`,
        {
          words: 3,
          flags: [],
          run: lazy(searches, (m) => (ctx: Context, id?: string) => m.show(ctx, kind, id)),
        },
      ],
    ]),
  ),
  // --force: a file already at --out (or under --save) is replaced.
  'cameras live': {
    words: 3,
    flags: OUT_FLAGS,
    switches: FORCE,
    run: lazy(media, (m) => m.cameraLive),
  },
  'cameras images': {
    words: 3,
    flags: IMAGES_FLAGS,
    switches: FORCE,
    run: lazy(media, (m) => m.cameraImages),
  },
  'cameras tile': {
    words: 3,
    flags: OUT_FLAGS,
    switches: FORCE,
    run: lazy(media, (m) => (ctx, zxy) => m.tile(ctx, 'cameras', zxy)),
  },
  'observations preview': {
    words: 3,
    flags: OUT_FLAGS,
    switches: FORCE,
    run: lazy(media, (m) => m.observationPreview),
  },
  'observations snapshot': {
    words: 3,
    flags: OUT_FLAGS,
    switches: FORCE,
    run: lazy(media, (m) => (ctx, time) => m.snapshot(ctx, 'observations', time)),
  },
  'observations tile': {
    words: 3,
    flags: TILE_FLAGS,
    switches: FORCE,
    run: lazy(media, (m) => (ctx, zxy) => m.tile(ctx, 'observations', zxy)),
  },
  'alerts snapshot': {
    words: 3,
    flags: OUT_FLAGS,
    switches: FORCE,
    run: lazy(media, (m) => (ctx, time) => m.snapshot(ctx, 'alerts', time)),
  },
  'recordings create': {
    words: 2,
    flags: CREATE_RECORDING_FLAGS,
    run: lazy(searches, (m) => m.createRecording),
  },
  'recordings tags': {
    words: 3,
    flags: TAGS_FLAGS,
    run: lazy(recordingTags, (m) => m.recordingTags),
  },
  'collections list': {
    words: 2,
    flags: LIST_FLAGS,
    run: lazy(collections, (m) => m.listCollections),
  },
  'collections show': { words: 3, flags: [], run: lazy(collections, (m) => m.showCollection) },
  'collections create': {
    words: 2,
    flags: CREATE_FLAGS,
    run: lazy(collectionEdit, (m) => m.createCollection),
  },
  'collections update': {
    words: 3,
    flags: UPDATE_FLAGS,
    run: lazy(collectionEdit, (m) => m.updateCollection),
  },
  'collections add': { words: 3, flags: ADD_FLAGS, run: lazy(collectionEdit, (m) => m.addImage) },
  'collections remove': { words: 4, flags: [], run: lazy(collectionEdit, (m) => m.removeImage) },
  'collections empty': { words: 3, flags: [], run: lazy(collectionEdit, (m) => m.emptyCollection) },
  'collections destroy': {
    words: 3,
    flags: [],
    run: lazy(collectionEdit, (m) => m.destroyCollection),
  },
  'collections keep-offline': {
    words: 3,
    flags: [],
    switches: ['off'],
    run: lazy(collectionOffline, (m) => m.keepOffline),
  },
  'collections export': {
    words: 3,
    flags: EXPORT_FLAGS,
    run: lazy(collectionOffline, (m) => m.exportCollection),
  },
  'conditions watch': {
    words: 3,
    flags: WATCH_FLAGS,
    run: lazy(conditions, (m) => m.watchConditions),
  },
  'conditions list': { words: 2, flags: [], run: lazy(conditions, (m) => m.listConditionWatches) },
  'conditions changes': {
    words: 3,
    flags: CHANGES_FLAGS,
    run: lazy(conditions, (m) => m.conditionChanges),
  },
  'conditions remove': {
    words: 3,
    flags: [],
    run: lazy(conditions, (m) => m.removeConditionWatch),
  },
  'route list': { words: 2, flags: ROUTE_VIEW_FLAGS, run: lazy(routes, (m) => m.listRoutes) },
  'route show': { words: 3, flags: ROUTE_VIEW_FLAGS, run: lazy(routes, (m) => m.showRouteCommand) },
  'route save': { words: 3, flags: ROUTE_SAVE_FLAGS, run: lazy(routes, (m) => m.saveRoute) },
  'route remove': { words: 3, flags: [], run: lazy(routes, (m) => m.removeRoute) },
  'settings get': { words: 3, flags: [], offline: true, run: lazy(settings, (m) => m.getSettings) },
  'settings set': { words: 4, flags: [], offline: true, run: lazy(settings, (m) => m.setSetting) },
  download: {
    words: 100_000,
    flags: DOWNLOAD_FLAGS,
    run: lazy(downloads, (m) => m.download),
  },
  'dataset export': {
    words: 2,
    flags: DATASET_FLAGS,
    switches: ['include-no-report'],
    run: lazy(dataset, (m) => m.exportDatasetCommand),
  },
};

/** Every flag a command accepts, for completion: its own, then the connection's. */
export function flagsOf(command: Command): string[] {
  return [...command.flags, ...(command.offline ? [] : GLOBAL_FLAGS)];
}

/** Switches every command takes. */
export const COMMON_SWITCHES = ['json', 'help', 'version'];
/** Switches of the commands that reach the service. */
export const CONNECTION_SWITCHES = ['demo', 'no-proxy'];

export function switchesOf(command: Command): string[] {
  return [
    ...(command.switches ?? []),
    ...COMMON_SWITCHES,
    ...(command.offline ? [] : CONNECTION_SWITCHES),
  ];
}
