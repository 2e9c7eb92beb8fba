/**
 * What the CLI prints: aligned tables for people, NDJSON (one JSON value per line) for
 * scripts with --json. Notes and progress go to stderr so that stdout stays clean data.
 * Everything printed for people passes through `plainText` here: text from the service may
 * carry terminal escapes (retitle the window, clear the screen, rewrite what was printed) or
 * bidi overrides that show text in another order than it has. JSON escapes them already.
 */
import type { Alert, Camera, Observation, Recording } from '../shared/api/index.ts';
import type { GeoKind } from '../engine/index.ts';
import { distanceUnit, visibilityRange, type DistanceUnit } from '../shared/units.ts';
import { formatTimeIn, systemTimeZone, zoneOf, type ZoneChoice } from '../shared/times.ts';
import { english } from '../shared/i18n/english.ts';
import type { Translator } from '../shared/i18n/translator.ts';

export interface Io {
  stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
}

export type Row = Record<string, string>;

// ESC and what it starts: a CSI sequence (ESC [ ... final byte); an OSC, DCS, SOS, PM or APC
// string up to its BEL or ST (ESC backslash), or to the end when it has none; else ESC and one char.
// eslint-disable-next-line no-control-regex
const ESCAPE = /\x1b(?:\[[0-?]*[ -/]*[@-~]?|[\]PX^_][^\x07\x1b]*(?:\x07|\x1b\\)?|[\s\S])?/g;
// C0 controls but tab and newline, DEL, C1 controls, and the bidi embeddings, overrides and
// isolates (U+202A-U+202E, U+2066-U+2069).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text from the service made safe to print for people: escapes and controls removed; on one
 * line (`oneLine`, a table cell or a listed name) tabs and newlines become spaces.
 */
export function plainText(text: string, oneLine = false): string {
  const plain = text.replace(ESCAPE, '').replace(CONTROL, '');
  return oneLine ? plain.replace(/[\t\n]/g, ' ') : plain;
}

/** Prints values for people, one a line (ids, names, paths). */
export function printLines(io: Io, values: Iterable<string>): void {
  for (const value of values) io.stdout.write(`${plainText(value, true)}\n`);
}

/** Prints rows under their headers, columns padded; long cells are cut on a terminal. */
export function printTable(io: Io, headers: readonly string[], table: readonly Row[]): void {
  const rows = table.map((row) =>
    Object.fromEntries(Object.entries(row).map(([k, v]) => [k, plainText(v, true)])),
  );
  const width = (h: string) => Math.max(h.length, ...rows.map((r) => (r[h] ?? '').length));
  const max = io.stdout.isTTY ? 48 : Infinity;
  const widths = headers.map((h) => Math.min(width(h), max));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => fit(c, widths[i]!))
      .join('  ')
      .trimEnd() + '\n';
  io.stdout.write(line(headers.map((h) => h.toUpperCase())));
  for (const row of rows) io.stdout.write(line(headers.map((h) => row[h] ?? '')));
}

function fit(text: string, width: number): string {
  return text.length > width ? `${text.slice(0, width - 1)}…` : text.padEnd(width);
}

export function printNdjson(io: Io, values: Iterable<unknown>): void {
  for (const value of values) io.stdout.write(`${toJson(value)}\n`);
}

export function printJson(io: Io, value: unknown): void {
  io.stdout.write(`${toJson(value)}\n`);
}

// JSON.stringify escapes C0 controls only: DEL, C1 and the bidi controls are escaped too, so
// JSON read on a terminal shows them as \uXXXX and a parser gets the same text back. They
// only occur inside strings, so replacing them anywhere keeps the JSON valid.
const UNPRINTED = /[\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g;

function toJson(value: unknown): string {
  // undefined (no JSON form) is printed as null rather than as a word no parser reads.
  return (JSON.stringify(value) ?? 'null').replace(
    UNPRINTED,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

export function note(io: Io, text: string): void {
  io.stderr.write(`${plainText(text)}\n`);
}

/** A one-line progress indicator on a terminal's stderr; silent when stderr is not a terminal. */
export function progress(io: Io): { update(text: string): void; done(): void } {
  if (!io.stderr.isTTY) return { update: () => {}, done: () => {} };
  return {
    update: (text) => io.stderr.write(`\r\x1b[2K${text}`),
    done: () => io.stderr.write('\r\x1b[2K'),
  };
}

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/**
 * How tables show distances and times for people (JSON keeps the service's values): the unit
 * and zone of --units and the settings, in the terminal's locale.
 */
export interface TableView {
  unit: DistanceUnit;
  /** An IANA zone: "UTC" or the computer's. */
  zone: string;
  /** The terminal's locale ("en-GB"); undefined: Node's default. */
  locale: string | undefined;
  /** The command line's words (a visibility range's "to"). */
  words: Translator;
}

/** LC_ALL, else LC_MEASUREMENT, else LANG, as a BCP 47 tag: en_GB.UTF-8 -> en-GB; C -> none. */
export function envLocale(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.LC_ALL || env.LC_MEASUREMENT || env.LANG || '';
  const tag = raw.split(/[.@]/)[0]!.replace(/_/g, '-');
  if (tag === '' || tag === 'C' || tag === 'POSIX') return undefined;
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

/** --units wins, then the settings; automatic follows the locale (en-US: miles; no locale: km). */
export function tableView(
  units: DistanceUnit | undefined,
  settings: { distanceUnit: DistanceUnit | null; timeZone: ZoneChoice },
  env: NodeJS.ProcessEnv,
  words: Translator = english,
): TableView {
  const locale = envLocale(env);
  return {
    // No locale (LANG=C) is no reason for miles: the international unit then.
    unit:
      units ??
      (locale === undefined
        ? (settings.distanceUnit ?? 'km')
        : distanceUnit(settings.distanceUnit, locale)),
    zone: zoneOf(settings.timeZone, systemTimeZone()),
    locale,
    words,
  };
}

const UTC_VIEW: TableView = { unit: 'km', zone: 'UTC', locale: 'en-GB', words: english };

/** A time from the service, in the view's zone with the zone's name ("27 Nov 2026, 10:42:07 UTC"). */
function timeCell(v: string | null | undefined, view: TableView): string {
  if (v === null || v === undefined || v === '') return '';
  return formatTimeIn(v, view.zone, { style: 'full', locale: view.locale, fallback: v });
}

/** "0.5 (1.1 to 2.4 km)": the class the service sent, and the range it stands for. */
function visibilityCell(v: number | undefined, view: TableView): string {
  if (v === undefined) return '';
  const range = visibilityRange(v, view.unit, view.locale);
  return range === null ? String(v) : `${v} (${view.words.say(range)})`;
}

/** The table columns of each kind of feature. */
export const FEATURE_COLUMNS: {
  [K in GeoKind]: { headers: string[]; row(f: never, view: TableView): Row };
} = {
  cameras: {
    headers: ['id', 'city', 'state', 'provider', 'video', 'description'],
    row: (f: Camera) => ({
      id: f.id,
      ...mapStrings(f.properties),
      video: f.properties.video ? 'yes' : '',
    }),
  },
  observations: {
    headers: ['id', 'time', 'city', 'state', 'road_weather', 'visibility', 'precip'],
    row: (f: Observation, view) => ({
      id: f.id,
      time: timeCell(f.properties.time, view),
      city: f.properties.city,
      state: f.properties.state,
      road_weather: str(f.properties.sensors.road_weather?.data),
      visibility: visibilityCell(f.properties.sensors.visibility?.data, view),
      precip: str(f.properties.sensors.precip?.data),
    }),
  },
  recordings: {
    headers: ['id', 'camera_id', 'status', 'start', 'duration', 'formats', 'city'],
    row: (f: Recording, view) => ({
      ...mapStrings(f.properties),
      start: timeCell(f.properties.start, view),
      id: f.id,
      formats: f.properties.formats.join(','),
    }),
  },
  alerts: {
    headers: ['id', 'event', 'severity', 'urgency', 'expires', 'areaDesc'],
    row: (f: Alert, view) => ({
      ...mapStrings(f.properties),
      expires: timeCell(f.properties.expires, view),
      id: f.id,
    }),
  },
};

function mapStrings(properties: object): Row {
  const row: Row = {};
  for (const [k, v] of Object.entries(properties)) row[k] = Array.isArray(v) ? v.join(',') : str(v);
  return row;
}

export function featureRows(
  kind: GeoKind,
  features: readonly unknown[],
  view: TableView = UTC_VIEW,
): Row[] {
  const columns = FEATURE_COLUMNS[kind];
  return features.map((f) => columns.row(f as never, view));
}
