/**
 * The thread that writes the downloads' files (disk-thread.ts starts it): opens each `.part`,
 * appends the bytes it is sent, and at the end flushes it to the device, closes it and renames
 * it into place. Its file calls are blocking ones: on this thread they cost no
 * trip through libuv's thread pool and hold up nothing of the app. The flush alone is
 * asynchronous, so that one file's fsync does not hold up the other files' writes.
 */
import {
  closeSync,
  constants,
  fsync,
  ftruncateSync,
  mkdirSync,
  openSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { parentPort } from 'node:worker_threads';

export type DiskCommand =
  /** `offset` null: a fresh file; else the `.part` is cut to `offset` and appended to. */
  | { op: 'open'; file: number; path: string; offset: number | null }
  /** `bytes` views a transferred slab, sent back with the reply for the next bytes. */
  | { op: 'write'; file: number; bytes: Uint8Array }
  /** Flush to the device. */
  | { op: 'sync'; file: number }
  /** Close and rename to `target` (after a sync): the file is final. */
  | { op: 'finish'; file: number; target: string }
  /** Close, keeping the `.part` for a resume. */
  | { op: 'close'; file: number };

export type DiskReply =
  | { op: 'opened'; file: number }
  /** `bytes`: how many were handled (written, or dropped after a failure). */
  | { op: 'wrote'; file: number; bytes: number; slab: ArrayBuffer }
  | { op: 'synced'; file: number }
  | { op: 'finished'; file: number }
  | { op: 'closed'; file: number }
  /** A command of the file failed; its writes after that are dropped until its close. */
  | { op: 'failed'; file: number; code: string | undefined; message: string };

interface OpenFile {
  fd: number;
  path: string;
  /** A failed command: nothing more is written, the `.part` keeps what reached it. */
  failed: boolean;
  /** An fsync under way, and a close asked for meanwhile (done once the fsync returns). */
  syncing: boolean;
  closing: boolean;
}

// A `.part` is never opened through a symbolic link (ELOOP): one planted at its name would make
// the download write wherever it points. Not on Windows, where an ordinary user plants none.
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
/** A fresh `.part` is a new file: never an existing one (a hard link to another file). */
const CREATE_NEW = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW;
const RESUME = constants.O_WRONLY | constants.O_CREAT | constants.O_APPEND | NO_FOLLOW;

const files = new Map<number, OpenFile>();
let outbox: DiskReply[] = [];
let slabs: ArrayBuffer[] = [];

/** Replies go out together once this turn's commands are done: one message, not one each. */
function reply(r: DiskReply, slab?: ArrayBuffer): void {
  if (outbox.length === 0) setImmediate(send);
  outbox.push(r);
  if (slab) slabs.push(slab);
}

function send(): void {
  const out = outbox;
  const moved = slabs;
  outbox = [];
  slabs = [];
  parentPort!.postMessage(out, moved);
}

/**
 * Opens the `.part` as `open` below says, making its folder again if someone removed it since
 * the transfer made it; a symbolic link at its name is refused in words.
 */
function openPart(path: string, offset: number | null): OpenFile {
  try {
    return open(path, offset);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // ELOOP (EMLINK on FreeBSD) from O_NOFOLLOW.
    if (code === 'ELOOP' || code === 'EMLINK') throw linkRefused(path, error);
    if (code !== 'ENOENT') throw error;
    mkdirSync(dirname(path), { recursive: true });
    return open(path, offset);
  }
}

function linkRefused(path: string, cause: unknown): Error {
  return Object.assign(
    new Error(
      `${path} is a symbolic link, and Roadcam does not write through links. Remove it, then retry the download.`,
      { cause },
    ),
    { code: 'LINK_REFUSED' },
  );
}

function open(path: string, offset: number | null): OpenFile {
  const file = (fd: number): OpenFile => ({
    fd,
    path,
    failed: false,
    syncing: false,
    closing: false,
  });
  if (offset === null) {
    try {
      return file(openSync(path, CREATE_NEW, 0o666));
    } catch (error) {
      // A `.part` left from before, started over: removed (the name, never what a link points
      // to), then made anew.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      unlinkSync(path);
      return file(openSync(path, CREATE_NEW, 0o666));
    }
  }
  const f = file(openSync(path, RESUME, 0o666));
  try {
    ftruncateSync(f.fd, offset);
    return f;
  } catch (error) {
    closeSync(f.fd);
    throw error;
  }
}

function write(f: OpenFile, bytes: Uint8Array): void {
  for (let at = 0; at < bytes.length;) at += writeSync(f.fd, bytes, at, bytes.length - at);
}

/** The file's command after `open`; a failure is told and the file written no more. */
function use(c: Exclude<DiskCommand, { op: 'open' }>, f: OpenFile): void {
  if (c.op === 'write') {
    if (!f.failed) write(f, c.bytes);
    return handed(c);
  }
  if (f.failed) throw new Error('an earlier write to this file failed');
  if (c.op === 'sync') {
    f.syncing = true;
    fsync(f.fd, (error) => {
      f.syncing = false;
      if (error) failedOn(c.file, f, error);
      else reply({ op: 'synced', file: c.file });
      if (f.closing) closeNow(c.file, f);
    });
    return;
  }
  files.delete(c.file);
  closeSync(f.fd);
  if (c.op === 'finish') renameSync(f.path, c.target);
  reply({ op: c.op === 'finish' ? 'finished' : 'closed', file: c.file });
}

/** The write's bytes are done with: its slab goes back for the next ones. */
function handed(c: { file: number; bytes: Uint8Array }): void {
  const slab = c.bytes.buffer as ArrayBuffer;
  reply({ op: 'wrote', file: c.file, bytes: c.bytes.length, slab }, slab);
}

function failedOn(file: number, f: OpenFile | undefined, error: unknown): void {
  if (f) f.failed = true;
  const e = error as NodeJS.ErrnoException;
  reply({ op: 'failed', file, code: e.code, message: e.message ?? String(error) });
}

/** Lets the descriptor go whatever happened to it: the file is over for the main thread. */
function closeNow(file: number, f: OpenFile): void {
  files.delete(file);
  try {
    closeSync(f.fd);
  } catch {
    // Closed already, or the close failed: nothing of it reaches the file any more.
  }
  reply({ op: 'closed', file });
}

function run(c: DiskCommand): void {
  const f = files.get(c.file);
  // Already closed (a failed finish closes the file): nothing is left to let go.
  if (c.op === 'close' && !f) return reply({ op: 'closed', file: c.file });
  try {
    if (c.op === 'open') files.set(c.file, openPart(c.path, c.offset));
    else if (!f) throw new Error('the file is not open');
    // A close during the flush waits for it: the descriptor stays valid for the fsync.
    else if (c.op === 'close' && f.syncing) f.closing = true;
    else use(c, f);
    if (c.op === 'open') reply({ op: 'opened', file: c.file });
  } catch (error) {
    failedOn(c.file, f, error);
    if (c.op === 'write') handed(c);
    if (c.op === 'close' && f) closeNow(c.file, f);
  }
}

parentPort!.on('message', (commands: DiskCommand[]) => {
  for (const c of commands) run(c);
});
