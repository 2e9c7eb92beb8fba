import { appendFileSync, mkdirSync, statSync } from 'node:fs';
import { appendFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/**
 * Where a part of the main process writes what support needs: `log(line)` is information,
 * `log(line, 'warn')` a failure worked around, `log(line, 'error')` one that was not. A plain
 * `(line) => void` is a Log too (tests collect lines in an array).
 */
export type Log = (line: string, level?: LogLevel) => void;

/** The app's log file: a Log that also flushes and closes, and says where its files are. */
export interface FileLog extends Log {
  readonly dir: string;
  debug(line: string): void;
  warn(line: string): void;
  error(line: string): void;
  /** Resolves once every line logged so far is on disk. */
  flush(): Promise<void>;
  /** Flushes and closes the file; a line logged after this is appended synchronously. */
  close(): Promise<void>;
}

/** main.log grows to this, then becomes main.1.log (and main.1.log main.2.log...). */
export const LOG_FILE_BYTES = 4 * 1024 * 1024;
/** main.log plus this many older files are kept: at most 16 MB of logs. */
export const LOG_OLD_FILES = 3;
/**
 * Lines waiting for the disk: past this, new lines are dropped and counted (a renderer or a
 * loop logging faster than the disk takes them must not grow memory without bound).
 */
export const LOG_PENDING_BYTES = 2 * 1024 * 1024;

export interface LogOptions {
  /** Mirror every line to stderr (ROADCAM_LOG=stderr). */
  echo?: boolean;
  /** Write debug lines too; by default when ROADCAM_DEBUG is set. */
  debug?: boolean;
  fileBytes?: number;
  oldFiles?: number;
  pendingBytes?: number;
}

/** Waits for a file log's pending lines; any other Log has nothing pending. */
export async function flushLog(log: Log): Promise<void> {
  const flush = (log as Partial<FileLog>).flush;
  if (typeof flush === 'function') await flush();
}

/** The folder of the log files: `<dataDir>/logs`. */
export function logsDirOf(dataDir: string): string {
  return join(dataDir, 'logs');
}

/** The files of the log, newest first: main.log, main.1.log, ... */
export function logFileNames(oldFiles = LOG_OLD_FILES): string[] {
  return ['main.log', ...Array.from({ length: oldFiles }, (_, i) => `main.${i + 1}.log`)];
}

/**
 * A line-per-event log in `<dataDir>/logs/main.log`, written in order by one asynchronous
 * writer (a caller never waits for the disk), rotated by size. Callers never pass secrets, and
 * Save diagnostics redacts what slips through: the log is meant to be attached to bug reports.
 */
export function createLog(dataDir: string, options: LogOptions = {}): FileLog {
  const dir = logsDirOf(dataDir);
  mkdirSync(dir, { recursive: true });
  const writer = new LogWriter(dir, options);
  const log = ((line: string, level: LogLevel = 'info') => writer.add(line, level)) as FileLog;
  return Object.assign(log, {
    dir,
    debug: (line: string) => writer.add(line, 'debug'),
    warn: (line: string) => writer.add(line, 'warn'),
    error: (line: string) => writer.add(line, 'error'),
    flush: () => writer.flush(),
    close: () => writer.close(),
  });
}

class LogWriter {
  readonly #dir: string;
  readonly #options: LogOptions;
  readonly #names: string[];
  #pending: string[] = [];
  #pendingBytes = 0;
  #dropped = 0;
  #size: number;
  /** The write under way; the next one starts after it (one writer: lines stay in order). */
  #draining: Promise<void> | null = null;
  #closed = false;

  constructor(dir: string, options: LogOptions) {
    this.#dir = dir;
    this.#options = options;
    this.#names = logFileNames(options.oldFiles ?? LOG_OLD_FILES);
    this.#size = sizeOf(join(dir, 'main.log'));
  }

  add(line: string, level: LogLevel): void {
    if (level === 'debug' && !(this.#options.debug ?? !!process.env.ROADCAM_DEBUG)) return;
    const stamped = `${new Date().toISOString()} ${level === 'info' ? '' : `${level.toUpperCase()} `}${line}\n`;
    if (this.#options.echo) process.stderr.write(stamped);
    if (this.#closed) {
      // After close (the last words of a quit): nothing else writes, so this cannot interleave.
      appendFileSync(join(this.#dir, 'main.log'), stamped);
      return;
    }
    if (this.#pendingBytes + stamped.length > (this.#options.pendingBytes ?? LOG_PENDING_BYTES)) {
      this.#dropped++;
      return;
    }
    this.#pending.push(stamped);
    this.#pendingBytes += stamped.length;
    this.#draining ??= this.#drain();
  }

  async flush(): Promise<void> {
    while (this.#draining) await this.#draining;
  }

  async close(): Promise<void> {
    await this.flush();
    this.#closed = true;
  }

  async #drain(): Promise<void> {
    try {
      while (this.#pending.length > 0 || this.#dropped > 0) {
        const batch = this.#take();
        await this.#write(batch);
      }
    } catch (error) {
      // The disk refused (full, gone): said on stderr, as the log itself cannot say it.
      process.stderr.write(`roadcam: could not write the log in ${this.#dir}: ${String(error)}\n`);
      this.#pending = [];
      this.#pendingBytes = 0;
    } finally {
      this.#draining = null;
    }
  }

  /** Every line waiting (at most LOG_PENDING_BYTES), then the count of lines dropped. */
  #take(): string {
    let batch = this.#pending.join('');
    this.#pending = [];
    this.#pendingBytes = 0;
    if (this.#dropped > 0) {
      batch += `${new Date().toISOString()} WARN ${this.#dropped} log lines were dropped: they came faster than the disk took them\n`;
      this.#dropped = 0;
    }
    return batch;
  }

  async #write(batch: string): Promise<void> {
    const bytes = Buffer.byteLength(batch);
    if (this.#size > 0 && this.#size + bytes > (this.#options.fileBytes ?? LOG_FILE_BYTES)) {
      await this.#rotate();
    }
    // Opened and closed at each batch: a log no one closes (a CLI command's) holds no file.
    await appendFile(join(this.#dir, 'main.log'), batch);
    this.#size += bytes;
  }

  /** main.log -> main.1.log -> main.2.log ...; the oldest is removed. */
  async #rotate(): Promise<void> {
    const paths = this.#names.map((name) => join(this.#dir, name));
    await rm(paths.at(-1)!, { force: true });
    for (let i = paths.length - 2; i >= 0; i--) {
      await rename(paths[i]!, paths[i + 1]!).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    }
    this.#size = 0;
  }
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}
