/**
 * The one table of commands: what each runs, how many words it takes and which flags it
 * reads. Dispatch, --help's checks and the shell completion scripts are all read from it.
 */
import type { GeoKind } from '../../engine/index.ts';
import { GLOBAL_FLAGS, type Context } from '../context.ts';
import { searchFlagNames } from '../search-flags.ts';
import { LOGIN_FLAGS, login, logout, profiles, session } from './account.ts';
import {
  ADD_FLAGS,
  addImage,
  CREATE_FLAGS,
  createCollection,
  destroyCollection,
  emptyCollection,
  removeImage,
  UPDATE_FLAGS,
  updateCollection,
} from './collection-edit.ts';
import { EXPORT_FLAGS, exportCollection, keepOffline } from './collection-offline.ts';
import { LIST_FLAGS, listCollections, showCollection } from './collections.ts';
import {
  CHANGES_FLAGS,
  conditionChanges,
  listConditionWatches,
  removeConditionWatch,
  WATCH_FLAGS,
  watchConditions,
} from './conditions.ts';
import { DATASET_FLAGS, exportDatasetCommand } from './dataset.ts';
import { DIAGNOSTICS_FLAGS, diagnostics } from './diagnostics.ts';
import { doctor } from './doctor.ts';
import { DOWNLOAD_FLAGS, download } from './download.ts';
import {
  cameraImages,
  cameraLive,
  IMAGES_FLAGS,
  observationPreview,
  OUT_FLAGS,
  snapshot,
  tile,
  TILE_FLAGS,
} from './media.ts';
import { recordingTags, TAGS_FLAGS } from './recording-tags.ts';
import {
  listRoutes,
  removeRoute,
  ROUTE_SAVE_FLAGS,
  ROUTE_VIEW_FLAGS,
  saveRoute,
  showRouteCommand,
} from './routes.ts';
import { CREATE_RECORDING_FLAGS, createRecording, search, show } from './search.ts';
import { getSettings, setSetting } from './settings.ts';

export interface Command {
  /** How many words the command line may have, the command's own included. */
  words: number;
  /** Value flags of its own (the global ones come with every command that reaches the service). */
  flags: readonly string[];
  /** Switches of its own, beyond --json, --help and the connection's. */
  switches?: readonly string[];
  /** Whether it talks to the service (and so takes the connection's flags). */
  offline?: boolean;
  run(ctx: Context, word: string | undefined): Promise<number>;
}

const FORCE = ['force'];

const KINDS: readonly GeoKind[] = ['cameras', 'observations', 'recordings', 'alerts'];

export const COMMANDS: Record<string, Command> = {
  login: { words: 1, flags: LOGIN_FLAGS, switches: ['no-verify'], offline: true, run: login },
  logout: { words: 1, flags: ['profile'], offline: true, run: logout },
  profiles: { words: 1, flags: [], offline: true, run: profiles },
  session: { words: 1, flags: [], run: session },
  doctor: { words: 1, flags: [], run: doctor },
  diagnostics: {
    words: 1,
    flags: DIAGNOSTICS_FLAGS,
    switches: ['force', 'include-crash-dumps'],
    run: diagnostics,
  },
  ...Object.fromEntries(
    KINDS.flatMap((kind) => [
      [
        `${kind} search`,
        {
          words: 2,
          flags: searchFlagNames(kind),
          switches: ['all'],
          run: (ctx: Context) => search(ctx, kind),
        },
      ],
      [
        `${kind} show`,
        { words: 3, flags: [], run: (ctx: Context, id?: string) => show(ctx, kind, id) },
      ],
    ]),
  ),
  // --force: a file already at --out (or under --save) is replaced.
  'cameras live': { words: 3, flags: OUT_FLAGS, switches: FORCE, run: cameraLive },
  'cameras images': { words: 3, flags: IMAGES_FLAGS, switches: FORCE, run: cameraImages },
  'cameras tile': {
    words: 3,
    flags: OUT_FLAGS,
    switches: FORCE,
    run: (ctx, zxy) => tile(ctx, 'cameras', zxy),
  },
  'observations preview': {
    words: 3,
    flags: OUT_FLAGS,
    switches: FORCE,
    run: observationPreview,
  },
  'observations snapshot': {
    words: 3,
    flags: OUT_FLAGS,
    switches: FORCE,
    run: (ctx, time) => snapshot(ctx, 'observations', time),
  },
  'observations tile': {
    words: 3,
    flags: TILE_FLAGS,
    switches: FORCE,
    run: (ctx, zxy) => tile(ctx, 'observations', zxy),
  },
  'alerts snapshot': {
    words: 3,
    flags: OUT_FLAGS,
    switches: FORCE,
    run: (ctx, time) => snapshot(ctx, 'alerts', time),
  },
  'recordings create': { words: 2, flags: CREATE_RECORDING_FLAGS, run: createRecording },
  'recordings tags': { words: 3, flags: TAGS_FLAGS, run: recordingTags },
  'collections list': { words: 2, flags: LIST_FLAGS, run: listCollections },
  'collections show': { words: 3, flags: [], run: showCollection },
  'collections create': { words: 2, flags: CREATE_FLAGS, run: createCollection },
  'collections update': { words: 3, flags: UPDATE_FLAGS, run: updateCollection },
  'collections add': { words: 3, flags: ADD_FLAGS, run: addImage },
  'collections remove': { words: 4, flags: [], run: removeImage },
  'collections empty': { words: 3, flags: [], run: emptyCollection },
  'collections destroy': { words: 3, flags: [], run: destroyCollection },
  'collections keep-offline': { words: 3, flags: [], switches: ['off'], run: keepOffline },
  'collections export': { words: 3, flags: EXPORT_FLAGS, run: exportCollection },
  'conditions watch': { words: 3, flags: WATCH_FLAGS, run: watchConditions },
  'conditions list': { words: 2, flags: [], run: listConditionWatches },
  'conditions changes': { words: 3, flags: CHANGES_FLAGS, run: conditionChanges },
  'conditions remove': { words: 3, flags: [], run: removeConditionWatch },
  'route list': { words: 2, flags: ROUTE_VIEW_FLAGS, run: listRoutes },
  'route show': { words: 3, flags: ROUTE_VIEW_FLAGS, run: showRouteCommand },
  'route save': { words: 3, flags: ROUTE_SAVE_FLAGS, run: saveRoute },
  'route remove': { words: 3, flags: [], run: removeRoute },
  'settings get': { words: 3, flags: [], offline: true, run: getSettings },
  'settings set': { words: 4, flags: [], offline: true, run: setSetting },
  download: { words: 100_000, flags: DOWNLOAD_FLAGS, run: download },
  'dataset export': {
    words: 2,
    flags: DATASET_FLAGS,
    switches: ['include-no-report'],
    run: exportDatasetCommand,
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
