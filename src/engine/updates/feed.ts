/**
 * The update feed as electron-builder publishes it for its `generic` provider: a folder over
 * HTTPS holding one description per channel and platform (`latest.yml`, `latest-mac.yml`,
 * `latest-linux.yml`, `beta-linux.yml`...) beside the installers it names.
 */
import { english } from '../../shared/i18n/english.ts';
import { said, type Said } from '../../shared/i18n/translator.ts';

/**
 * The feed the build is configured with: the `publish` url of electron-builder.yml (the
 * packaging test checks that the two agree). Settings › Updates may point at a mirror instead.
 */
export const BUILT_IN_FEED = 'https://updates.roadcam.example/desktop/';

export type UpdateChannel = 'stable' | 'beta';

/** One file of a release: an installer, relative to the feed's folder (or absolute). */
export interface FeedFile {
  url: string;
  sha512: string;
  size: number | null;
}

/** What a channel's yml says of the newest release on it. */
export interface FeedRelease {
  version: string;
  files: FeedFile[];
  releaseDate: string | null;
}

/** The feed in use: the setting's mirror, or the built-in one. Always a folder (ends in /). */
export function feedFolder(setting: string, builtIn = BUILT_IN_FEED): string {
  const url = setting.trim() === '' ? builtIn : setting.trim();
  return url.endsWith('/') ? url : `${url}/`;
}

/**
 * The file electron-updater reads for this channel on this platform: `latest` or `beta`, then
 * `-mac` on macOS and `-linux` on Linux (plus the architecture when it is not x64), nothing on
 * Windows. The same names electron-builder writes (updateInfoBuilder's getUpdateInfoFileName).
 */
export function feedFileName(channel: UpdateChannel, platform: string, arch: string): string {
  const name = channel === 'beta' ? 'beta' : 'latest';
  if (platform === 'darwin') return `${name}-mac.yml`;
  if (platform === 'linux') return `${name}-linux${arch === 'x64' ? '' : `-${arch}`}.yml`;
  return `${name}.yml`;
}

/** A URL fit for a message or the log: no user, password or query (a mirror's token). */
export function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return english.t('updates.notUrl');
  }
}

/**
 * Where to download the release by hand: the file of the kind asked for (`.deb`), else the
 * first one, resolved against the feed's folder; null when the feed names no file.
 */
export function downloadUrl(release: FeedRelease, folder: string, extension?: string): string {
  const file =
    (extension && release.files.find((f) => f.url.toLowerCase().endsWith(extension))) ||
    release.files[0];
  return shownUrl(file ? new URL(file.url, folder).href : folder);
}

/**
 * The feed could not be read as a release: `said` says which file and why (a clause after
 * "Roadcam could not check for updates:"); the message is its English, for the log.
 */
export class FeedProblem extends Error {
  override readonly name = 'FeedProblem';
  readonly said: Said;

  constructor(reason: Said) {
    super(english.say(reason));
    this.said = reason;
  }
}

/** A channel's yml as a release; FeedProblem when it is not one. */
export function parseFeed(text: string, where: string): FeedRelease {
  const doc = readYaml(text);
  const version = doc['version'];
  if (typeof version !== 'string' || version === '')
    throw new FeedProblem(said('updates.reason.noVersion', { where }));
  const listed = Array.isArray(doc['files']) ? doc['files'] : [];
  const files: FeedFile[] = listed.flatMap((entry) =>
    typeof entry['url'] === 'string'
      ? [{ url: entry['url'], sha512: String(entry['sha512'] ?? ''), size: toSize(entry['size']) }]
      : [],
  );
  // Descriptions older than `files` name their one installer in `path`.
  if (files.length === 0 && typeof doc['path'] === 'string')
    files.push({ url: doc['path'], sha512: String(doc['sha512'] ?? ''), size: null });
  const date = doc['releaseDate'];
  return { version, files, releaseDate: typeof date === 'string' ? date : null };
}

function toSize(value: unknown): number | null {
  const size = Number(value);
  return Number.isSafeInteger(size) && size >= 0 ? size : null;
}

type Scalar = string;
type YamlDoc = Record<string, Scalar | Record<string, Scalar>[]>;

/**
 * The part of YAML electron-builder writes here (js-yaml's dump of an UpdateInfo): top-level
 * `key: scalar`, one list of flat maps (`files`), and block texts (`releaseNotes: |-`), which
 * are skipped. Anything else is passed over rather than refused (a newer builder's extra keys).
 */
function readYaml(text: string): YamlDoc {
  const doc: YamlDoc = {};
  let list: Record<string, Scalar>[] | null = null;
  let blockIndent = -1;
  for (const raw of text.split(/\r?\n/)) {
    if (raw.trim() === '' || raw.trimStart().startsWith('#')) continue;
    const indent = raw.length - raw.trimStart().length;
    if (blockIndent >= 0 && indent > blockIndent) continue;
    blockIndent = -1;
    const line = raw.trim();
    if (indent === 0) {
      list = null;
      const pair = keyValue(line);
      if (!pair) continue;
      if (pair.value === '') doc[pair.key] = list = [];
      else if (/^[|>]/.test(pair.value)) blockIndent = 0;
      else doc[pair.key] = scalar(pair.value);
      continue;
    }
    if (!list) continue;
    const item = line.startsWith('- ') ? line.slice(2) : null;
    if (item !== null) list.push({});
    const pair = keyValue(item ?? line);
    const entry = list.at(-1);
    if (pair && entry && pair.value !== '' && !/^[|>]/.test(pair.value))
      entry[pair.key] = scalar(pair.value);
  }
  return doc;
}

function keyValue(line: string): { key: string; value: string } | null {
  const match = /^([A-Za-z0-9_-]+):(?:\s+(.*))?$/.exec(line);
  return match ? { key: match[1]!, value: (match[2] ?? '').trim() } : null;
}

function scalar(value: string): string {
  if (value.startsWith("'") && value.endsWith("'") && value.length >= 2)
    return value.slice(1, -1).replaceAll("''", "'");
  if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) {
    try {
      return String(JSON.parse(value));
    } catch {
      return value.slice(1, -1);
    }
  }
  return value.replace(/\s+#.*$/, '');
}
