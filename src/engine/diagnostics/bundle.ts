/**
 * Save diagnostics (Help menu, Settings > Help and diagnostics, `roadcam diagnostics`): one zip
 * a user can attach to a bug report. Every entry passes through the redaction first: the zip
 * holds the logs, the connection report, the settings and the versions, never a secret.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { SaidError } from '../../shared/i18n/said-error.ts';
import { said, saidWithin } from '../../shared/i18n/translator.ts';
import { OutputRefusedError, writeOutputFile, type OutputOptions } from '../output-file.ts';
import { newestDumps } from './crash-dumps.ts';
import { redactSecrets } from './redact.ts';

/** At most this many log files (main.log and its rotated ones, and any other *.log there). */
export const DIAGNOSTICS_LOG_FILES = 10;

export interface DiagnosticsSources {
  /** `<dataDir>/logs`. */
  logsDir: string;
  /** Where Electron's crash reporter keeps its minidumps (`<dataDir>/crashes`). */
  crashDumpsDir: string;
  versions(): Record<string, string>;
  settings(): unknown;
  /** The connection report as `roadcam doctor` prints it; a failure to make it, in words. */
  connectionReport(): Promise<string>;
  /** The secrets held right now (token, client secret, proxy password), cut wherever found. */
  secrets(): Promise<readonly (string | null | undefined)[]>;
}

export interface ZipChoices {
  /**
   * Crash dumps hold the crashed process's memory (anything it held, the masking below finds
   * only the secrets it knows): they go in only when the user ticks them in.
   */
  crashDumps?: boolean;
}

/** The zip as a stream; its entries are read and redacted before the first byte is sent. */
export async function diagnosticsZip(
  sources: DiagnosticsSources,
  choices: ZipChoices = {},
): Promise<Readable> {
  const secrets = (await sources.secrets()).filter((s): s is string => !!s && s.length >= 4);
  const text = (value: string) => Buffer.from(redactSecrets(value, secrets));
  const zip = new ZipFile();
  const report = await sources
    .connectionReport()
    .catch((error: unknown) => `The connection report could not be made: ${String(error)}\n`);
  const dumps = await newestDumps(sources.crashDumpsDir);
  zip.addBuffer(text(readme(new Date(), choices.crashDumps ? null : dumps.length)), 'README.txt');
  zip.addBuffer(text(`${JSON.stringify(sources.versions(), null, 2)}\n`), 'versions.json');
  zip.addBuffer(text(`${JSON.stringify(sources.settings(), null, 2)}\n`), 'settings.json');
  zip.addBuffer(text(report), 'connection-report.txt');
  for (const name of await logFiles(sources.logsDir)) {
    const content = await readFile(join(sources.logsDir, name), 'utf8').catch(() => null);
    if (content !== null) zip.addBuffer(text(content), `logs/${name}`);
  }
  for (const dump of choices.crashDumps ? dumps : []) {
    const bytes = await readFile(dump.path).catch(() => null);
    if (bytes) zip.addBuffer(maskBytes(bytes, secrets), `crashes/${dump.name}`);
  }
  zip.end();
  return zip.outputStream as Readable;
}

export type SaveChoices = ZipChoices & Omit<OutputOptions, 'mode'>;

/**
 * Writes the zip to `path` (output-file.ts: a failed save leaves no half zip, a link there is
 * not followed, an existing file is replaced only if `replace` says so). Only the user may
 * read it: it holds the logs.
 */
export async function saveDiagnostics(
  sources: DiagnosticsSources,
  path: string,
  options: SaveChoices,
): Promise<{ path: string; bytes: number }> {
  try {
    const zip = await diagnosticsZip(sources, options);
    return { path, bytes: await writeOutputFile(path, zip, { ...options, mode: 0o600 }) };
  } catch (error) {
    // A refusal says what to do; a failed write (no room, no permission) gets the advice.
    const refusal = error instanceof OutputRefusedError ? error.said : undefined;
    const words = refusal
      ? said('diagnostics.notSaved', { path, why: saidWithin(refusal) })
      : said('diagnostics.notWritten', {
          path,
          problem: error instanceof Error ? error.message : String(error),
        });
    throw new SaidError(words, { cause: error });
  }
}

/** A name to offer in the save dialog: roadcam-diagnostics-2026-11-27T0736Z.zip. */
export function diagnosticsFileName(at = new Date()): string {
  const stamp = at.toISOString().slice(0, 16).replace(/:/g, '');
  return `roadcam-diagnostics-${stamp}Z.zip`;
}

async function logFiles(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const logs = names.filter((n) => n.endsWith('.log'));
  // main.log, main.1.log, main.2.log...: the newest first, so the bound keeps the recent ones.
  logs.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return logs.slice(0, DIAGNOSTICS_LOG_FILES);
}

function rank(name: string): number {
  const match = /\.(\d+)\.log$/.exec(name);
  return match ? Number(match[1]) : 0;
}

/**
 * A minidump holds raw memory: a secret held by the crashed process may be in it. Each one is
 * overwritten in place (UTF-8 and UTF-16), keeping the dump's layout readable by its tools.
 */
export function maskBytes(bytes: Buffer, secrets: readonly string[]): Buffer {
  for (const secret of secrets) {
    for (const needle of [Buffer.from(secret, 'utf8'), Buffer.from(secret, 'utf16le')]) {
      for (let at = bytes.indexOf(needle); at >= 0; at = bytes.indexOf(needle, at)) {
        bytes.fill(0x2a, at, at + needle.length);
      }
    }
  }
  return bytes;
}

/** `dumpsLeftOut`: the crash dumps the user did not tick in (null when they were). */
function readme(at: Date, dumpsLeftOut: number | null): string {
  const dumps = !dumpsLeftOut
    ? ''
    : `\n${dumpsLeftOut} crash dump${dumpsLeftOut === 1 ? '' : 's'} left out: they hold the app's memory. Tick\n"Include crash dumps" (or pass --include-crash-dumps) to add them.\n`;
  return `Roadcam diagnostics, saved ${at.toISOString()}

versions.json           the app, Electron, Chromium and Node versions, the platform, the data folder
settings.json           the settings (preferences only: secrets live in the OS keychain)
connection-report.txt   what \`roadcam doctor\` prints: proxy, DNS, TLS, the service, the clock
logs/                   the main log and its older files
crashes/                the newest crash dumps of the desktop app, when ticked in (kept on this
                        computer, never uploaded)

Tokens, the client secret, Authorization values, passwords and the signatures of signed URLs
are replaced by [redacted] in every file.
${dumps}`;
}
