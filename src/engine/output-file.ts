/**
 * Files the app writes where the user said (the CLI's --out, the diagnostics zip): written under
 * a temporary name that nobody can have prepared (random, created exclusively, never through a
 * symbolic link), flushed to the device, then given the final name in one step. A link planted
 * at the final name is refused, and an existing file is replaced only when the caller says so.
 */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { link, lstat, open, rename, rm, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { english } from '../shared/i18n/english.ts';
import { said, type Said } from '../shared/i18n/translator.ts';

/**
 * The target is refused (a link, not a file, a file not to replace); the message says why, and
 * `said`, when there, says it in the user's language.
 */
export class OutputRefusedError extends Error {
  readonly said?: Said;

  constructor(words: string | Said) {
    super(typeof words === 'string' ? words : english.say(words));
    this.name = 'OutputRefusedError';
    if (typeof words !== 'string') this.said = words;
  }
}

const exists = (path: string, options: OutputOptions) =>
  new OutputRefusedError(
    said('files.refused.exists', { path, hint: options.existsHint ?? 'none' }),
  );

export interface OutputOptions {
  /** Replace a file already there (the user confirmed it, or passed --force). */
  replace: boolean;
  /** What to do about an existing file, for the message: 'force' says to pass --force. */
  existsHint?: 'force';
  /** The new file's permissions (before the umask). */
  mode?: number;
}

// Not on Windows, which has no symbolic links an ordinary user can plant.
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
const CREATE_NEW = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW;
/** Errors of link(2) on a file system that has no hard links (FAT, exFAT, some shares). */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

/** Writes `content` to `path` as described above; returns its size in bytes. */
export async function writeOutputFile(
  path: string,
  content: Readable | Uint8Array | string,
  options: OutputOptions,
): Promise<number> {
  await checkTarget(path, options);
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.part`);
  const file = await open(temp, CREATE_NEW, options.mode ?? 0o666);
  try {
    const bytes = await fill(file, content);
    await file.sync();
    await file.close();
    await place(temp, path, options);
    return bytes;
  } catch (error) {
    await file.close().catch(() => undefined);
    await rm(temp, { force: true });
    throw error;
  }
}

/**
 * A symbolic link at the final name is never replaced or followed; a file only if allowed.
 * Callers may check first, before the work of making the content.
 */
export async function checkTarget(path: string, options: OutputOptions): Promise<void> {
  const found = await lstat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (!found) return;
  if (found.isSymbolicLink()) {
    throw new OutputRefusedError(said('files.refused.link', { path }));
  }
  if (!found.isFile()) {
    throw new OutputRefusedError(said('files.refused.notFile', { path }));
  }
  if (!options.replace) throw exists(path, options);
}

async function fill(file: FileHandle, content: Readable | Uint8Array | string): Promise<number> {
  if (!(content instanceof Readable)) {
    await file.writeFile(content);
    return Buffer.byteLength(content);
  }
  let bytes = 0;
  // writeFile writes all of a chunk from where the last one ended (write() may write part).
  for await (const chunk of content as AsyncIterable<Uint8Array | string>) {
    await file.writeFile(chunk);
    bytes += Buffer.byteLength(chunk);
  }
  return bytes;
}

/**
 * The final name, in one step. Without `replace`, a hard link creates it only if nothing is
 * there (a file made meanwhile is not replaced); where hard links do not exist, the check made
 * before writing stands.
 */
async function place(temp: string, path: string, options: OutputOptions): Promise<void> {
  if (options.replace) return rename(temp, path);
  try {
    await link(temp, path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code === 'EEXIST') throw exists(path, options);
    if (!NO_HARD_LINKS.has(code)) throw error;
    await checkTarget(path, options);
    return rename(temp, path);
  }
  await rm(temp, { force: true });
}
