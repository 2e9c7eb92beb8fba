/**
 * The value flags each command takes, apart from the commands themselves: the table
 * (table.ts), the shell completion and --help's checks read them without loading any command's
 * code, which is loaded only when that command runs.
 */
import { CONNECTION_FLAGS } from '../args.ts';
import { searchFlagNames } from '../search-flags.ts';

/** Flags every command that reaches the service accepts. */
export const GLOBAL_FLAGS: readonly string[] = ['profile', ...CONNECTION_FLAGS, 'answer-deadline'];

export const LOGIN_FLAGS = ['profile', 'base-url', 'client-id'];

export const CREATE_FLAGS = ['name', 'description', 'tags'];
export const UPDATE_FLAGS = CREATE_FLAGS;
/**
 * Add Image's parameters by their names in the interface (4.6); which ones go together is checked.
 */
export const ADD_FLAGS = [
  'camera_id',
  'time',
  'observation_id',
  'recording_id',
  'collection_id',
  'image',
];
export const EXPORT_FLAGS = ['as', 'out'];
export const LIST_FLAGS = [
  'q',
  'created_at_min',
  'created_at_max',
  'updated_at_min',
  'updated_at_max',
  'limit',
  'skip',
  'sort',
  'sort_dir',
];

const AREA_FLAGS = ['bbox', 'polygon', 'polyline', 'polyline_radius', 'polyline_precision'];
export const WATCH_FLAGS = [...AREA_FLAGS, 'camera_id', 'on'];
export const CHANGES_FLAGS = ['hours'];

const DATASET_OWN_FLAGS = ['out', 'label', 'per-class', 'split', 'seed', 'layout'];
/** Paging, sorting and aggregations are the dataset export's own business. */
export const DATASET_QUERY_FLAGS = searchFlagNames('observations').filter(
  (n) => !['limit', 'skip', 'sort', 'sort_dir', 'aggs', 'units'].includes(n),
);
export const DATASET_FLAGS = [...DATASET_OWN_FLAGS, ...DATASET_QUERY_FLAGS];

export const DIAGNOSTICS_FLAGS = ['out', 'force', 'include-crash-dumps'];

export const DOWNLOAD_FLAGS = [
  'format',
  'out',
  'template',
  'concurrency',
  'query',
  'existing',
  'ids-from',
  'failed-out',
];

export const OUT_FLAGS = ['out'];
export const IMAGES_FLAGS = ['time', 'limit', 'save'];
export const TILE_FLAGS = ['out', 'sort_dir'];

export const TAGS_FLAGS = ['tags'];

export const ROUTE_SAVE_FLAGS = ['polyline', 'from', 'to', 'via', 'buffer', 'units'];
export const ROUTE_VIEW_FLAGS = ['units'];

export const CREATE_RECORDING_FLAGS = [
  'camera_id',
  'duration',
  'start',
  'tags',
  'download',
  'format',
];
