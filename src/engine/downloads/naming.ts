/**
 * File names from the naming template. Every value comes from the service (camera ids, city
 * names, states) and is untrusted: each path segment is sanitised so that no value can climb
 * out of the destination folder, name a device, or carry characters a file system refuses.
 */
import { isAbsolute, join, relative, resolve } from 'node:path';
import type { Recording, RecordingFormat } from '../../shared/api/index.ts';
import { TEMPLATE_FIELDS } from '../../shared/ipc/downloads.ts';

export type TemplateField = (typeof TEMPLATE_FIELDS)[number];
export type TemplateValues = Record<TemplateField, string>;

const FIELD = /\{([a-z_]+)\}/g;
// Windows refuses these names whatever the extension (and with spaces or dots before it, which
// it drops); refusing them everywhere keeps a folder copyable between systems. COM and LPT take
// the superscript digits too, and the console has CONIN$ and CONOUT$.
const DEVICE =
  /^(con|prn|aux|nul|conin\$|conout\$|com[0-9\u00b9\u00b2\u00b3]|lpt[0-9\u00b9\u00b2\u00b3])(?:[ .].*)?$/i;
/**
 * Bytes of UTF-8 per segment. File systems allow 255 (ext4 counts bytes, NTFS UTF-16 units,
 * never more than bytes): 120 leaves room for everything the app appends (" (12345)", ".part").
 */
export const MAX_SEGMENT = 120;

export class TemplateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateError';
  }
}

/** Refuses unknown fields, naming the known ones. */
export function checkTemplate(template: string): void {
  for (const [, name] of template.matchAll(FIELD)) {
    if (!(TEMPLATE_FIELDS as readonly string[]).includes(name!)) {
      throw new TemplateError(
        `The naming template uses {${name}}, which is not a field. Fields: ${TEMPLATE_FIELDS.map((f) => `{${f}}`).join(' ')}.`,
      );
    }
  }
  if (sanitisePath(template.replace(FIELD, 'x')) === '') {
    throw new TemplateError('The naming template gives an empty file name.');
  }
}

/** Compact UTC time without colons (which Windows refuses): 20261121T120000Z. */
export function compactTime(iso: string | null): string {
  if (iso === null) return 'unknown';
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return iso;
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

export function templateValues(
  recordingId: string,
  format: RecordingFormat,
  recording: Recording['properties'] | undefined,
): TemplateValues {
  const p = recording;
  return {
    recording_id: recordingId,
    format,
    // || : a service may leave text empty (read as ''), which would leave a gap in the name.
    camera_id: p?.camera_id || 'unknown',
    state: p?.state || 'unknown',
    country: p?.country || 'unknown',
    city: p?.city || 'unknown',
    region: p?.region || 'unknown',
    start: p ? compactTime(p.start) : 'unknown',
    stop: p ? compactTime(p.stop) : 'unknown',
    date: p?.start ? p.start.slice(0, 10) : 'unknown',
    duration: p ? String(p.duration) : 'unknown',
  };
}

/** The relative path of one file: each segment of the template filled in, then sanitised. */
export function renderName(template: string, values: TemplateValues): string {
  const filled = template.replace(FIELD, (_, name: string) =>
    // A value may not add segments: its slashes become underscores.
    (values[name as TemplateField] ?? '').replace(/[/\\]/g, '_'),
  );
  const name = sanitisePath(filled);
  if (name === '') throw new TemplateError('The naming template gives an empty file name.');
  return name;
}

/** Splits on either slash and keeps only safe, non-empty segments. */
export function sanitisePath(path: string): string {
  return path
    .split(/[/\\]+/)
    .map(sanitiseSegment)
    .filter((s) => s !== '')
    .join('/');
}

export function sanitiseSegment(segment: string): string {
  let s = segment
    .normalize('NFC')
    // Control characters and those Windows, macOS or Linux refuse in a name.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_')
    // A lone surrogate has no UTF-8 form: written as U+FFFD, two names would share a file.
    .replace(/\p{Surrogate}/gu, '_')
    .trim()
    // Trailing dots and spaces vanish on Windows; leading dots hide files ("..", ".ssh").
    .replace(/^[.\s]+|[.\s]+$/g, '');
  if (DEVICE.test(s)) s = `_${s}`;
  if (Buffer.byteLength(s) > MAX_SEGMENT) s = truncateBytes(s, MAX_SEGMENT);
  return s;
}

/** Cut to `max` bytes, keeping a short extension; never ends in a dot or a space. */
function truncateBytes(text: string, max: number): string {
  const dot = text.lastIndexOf('.');
  const ext = dot > 0 && text.length - dot <= 8 ? text.slice(dot) : '';
  const stem = text.slice(0, text.length - ext.length);
  const cut = cutToBytes(stem, max - Buffer.byteLength(ext)).replace(/[.\s]+$/, '');
  return (cut || '_') + ext;
}

/**
 * The longest start of `text` within `maxBytes` of UTF-8, cut between code points: never
 * inside a multi-byte character or a surrogate pair.
 */
export function cutToBytes(text: string, maxBytes: number): string {
  let bytes = 0;
  let end = 0;
  for (const char of text) {
    bytes += Buffer.byteLength(char);
    if (bytes > maxBytes) break;
    end += char.length;
  }
  return text.slice(0, end);
}

/** The absolute path of a relative name in a folder; throws when it would leave the folder. */
export function insideFolder(folder: string, name: string): string {
  const root = resolve(folder);
  const full = resolve(root, name);
  const rel = relative(root, full);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) {
    throw new TemplateError(`The file name ${name} would leave the folder ${root}.`);
  }
  return full;
}

/** "name (2).zip" for the n-th alternative of "name.zip". */
export function alternativeName(name: string, n: number): string {
  const slash = name.lastIndexOf('/');
  const dir = name.slice(0, slash + 1);
  const base = name.slice(slash + 1);
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot) : base;
  const ext = dot > 0 ? base.slice(dot) : '';
  return join(dir, `${stem} (${n})${ext}`).replace(/\\/g, '/');
}
