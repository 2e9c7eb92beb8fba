/**
 * Serves a file the way resumable download clients need: HEAD, a single Range (206 with
 * Content-Range, 416 when unsatisfiable), Content-Length, an ETag, If-Range and
 * If-None-Match. Bodies are streamed from disk; injected faults act on the body here.
 */
import { open, stat, type FileHandle } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ActiveFault } from './faults.ts';

export interface FileToSend {
  path: string;
  contentType: string;
  /** Suggested file name for Content-Disposition (downloads). */
  downloadName?: string;
  /** Default: private, max-age=900 (the life of a signed URL). */
  cacheControl?: string;
  /** Last-Modified, when it is not the file's own time (a camera frame: when it was taken). */
  modifiedMs?: number;
}

export type ParsedRange = { start: number; end: number } | 'unsatisfiable' | undefined;

/** Parses one `bytes=` range against the size; several ranges are answered whole (200). */
export function parseRange(header: string | undefined, size: number): ParsedRange {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

export function etagOf(size: number, mtimeMs: number): string {
  return `"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`;
}

export async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: FileToSend,
  fault?: ActiveFault,
): Promise<void> {
  const st = await stat(file.path);
  const etag = etagOf(st.size, st.mtimeMs);
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('ETag', etag);
  // Never later than the answer's Date (RFC 9110, 8.8.2.1): that is the service's clock, which
  // may be behind the machine's that stamped the file (a pinned test clock, say).
  const sentAt = Date.parse(String(res.getHeader('Date')));
  const own = file.modifiedMs ?? st.mtimeMs;
  const modified = Number.isFinite(sentAt) ? Math.min(own, sentAt) : own;
  res.setHeader('Last-Modified', new Date(modified).toUTCString());
  res.setHeader('Cache-Control', file.cacheControl ?? 'private, max-age=900');
  res.setHeader('Content-Type', file.contentType);
  if (file.downloadName)
    res.setHeader('Content-Disposition', `attachment; filename="${file.downloadName}"`);
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304).end();
    return;
  }
  const ifRange = req.headers['if-range'];
  // A Range with a stale If-Range validator gets the whole new file, as RFC 9110 says.
  const range = ifRange && ifRange !== etag ? undefined : parseRange(req.headers.range, st.size);
  if (range === 'unsatisfiable') {
    res.setHeader('Content-Range', `bytes */${st.size}`);
    res.setHeader('Content-Type', 'application/json');
    res.writeHead(416).end(
      JSON.stringify({
        error: {
          status: 416,
          code: 'invalid_parameter',
          parameter: 'Range',
          message: `The range ${req.headers.range} lies outside the file (${st.size} bytes).`,
        },
      }),
    );
    return;
  }
  const start = range?.start ?? 0;
  const end = range?.end ?? st.size - 1;
  const length = Math.max(0, end - start + 1);
  res.setHeader('Content-Length', length);
  if (range) res.setHeader('Content-Range', `bytes ${start}-${end}/${st.size}`);
  res.writeHead(range ? 206 : 200);
  if (req.method === 'HEAD' || length === 0) {
    res.end();
    return;
  }
  await streamBody(res, file.path, start, end, fault);
}

/**
 * Bytes read from the file at a time, into buffers used again and again: a stream would read
 * 64 KB at a time into a new buffer each, and in a process with a heap as large as the
 * service's, V8 answers that much short-lived memory with collections of the whole heap (more
 * of the service's CPU than the serving itself; docs/benchmarks.md, downloads).
 */
const CHUNK = 256 * 1024;
const spare: Buffer[] = [];
const takeBuffer = () => spare.pop() ?? Buffer.allocUnsafe(CHUNK);
const giveBuffer = (b: Buffer) => {
  if (spare.length < 16) spare.push(b);
};

/** Streams [start, end] of the file; a fault cuts or stalls it part of the way through. */
async function streamBody(
  res: ServerResponse,
  path: string,
  start: number,
  end: number,
  fault?: ActiveFault,
): Promise<void> {
  const cut =
    fault && fault.kind !== '503' ? start + Math.floor((end - start + 1) * fault.after) - 1 : end;
  const last = Math.max(start, cut);
  let gone = false;
  const closed = new Promise<void>((resolve) =>
    res.once('close', () => {
      gone = true;
      resolve();
    }),
  );
  let file: FileHandle | undefined;
  // Two buffers: the next one is read while the last one is being written.
  const buffers = [takeBuffer(), takeBuffer()];
  try {
    file = await open(path, 'r');
    let written: Promise<unknown> = Promise.resolve();
    for (let at = start, turn = 0; at <= last && !gone; turn ^= 1) {
      const buffer = buffers[turn]!;
      const { bytesRead } = await file.read(buffer, 0, Math.min(CHUNK, last - at + 1), at);
      if (bytesRead === 0) throw new Error(`${path} ended early`);
      at += bytesRead;
      // This buffer's last write must be over before it is filled again: one write waits.
      await written;
      if (gone) break;
      written = Promise.race([
        new Promise<void>((resolve) => res.write(buffer.subarray(0, bytesRead), () => resolve())),
        closed,
      ]);
    }
    await written;
  } catch {
    res.destroy();
    return;
  } finally {
    await file?.close().catch(() => undefined);
    // A buffer still lent to a write that never finished (connection gone) is not used again.
    if (!gone) buffers.forEach(giveBuffer);
  }
  if (gone) return;
  if (!fault || cut >= end) res.end();
  else if (fault.kind === 'reset') res.destroy();
  // A stall keeps the connection open and silent, then drops it.
  else setTimeout(() => res.destroy(), fault.stallMs).unref();
}
