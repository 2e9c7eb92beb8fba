/**
 * The entry names of a remote zip, read from its central directory alone: a Range request for
 * the file's tail finds the end-of-central-directory record (zip64's too when present), and
 * the directory comes from that tail or from one more Range request. A host that ignores
 * Range sends the whole file: up to 64 MB it goes to a temporary file, read the same way, then
 * deleted; a larger one is not downloaded to list its names. A directory or an entry count past
 * what any recording needs is refused before it is fetched.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import { ANSWER_CAPS, AnswerTooLarge, cappedStream, sizeWords } from '../api/capped-read.ts';
import type { ByteRange, MediaResponse } from '../api/requester.ts';
import { said } from '../../shared/i18n/translator.ts';

/**
 * Fetches a range of the zip (a negative start: its last bytes): 206 with Content-Range when
 * honoured, 200 with all of it when not.
 */
export type FetchRange = (range: ByteRange) => Promise<MediaResponse>;

/**
 * The tail asked for first: the end record (22 bytes plus a comment of up to 64 KiB) and,
 * for a directory of up to some 2,500 entries, the whole central directory with it.
 */
const TAIL = 256 * 1024;
const EOCD = 0x06054b50;
const EOCD_SIZE = 22;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const ENTRY = 0x02014b50;
/**
 * More entries than this is not a recording's zip: 1800 s at most (interface 8), 60 frames a
 * second.
 */
const MAX_ENTRIES = 1800 * 60;
/** The largest central directory read, and the most of a whole zip read to reach it. */
const MAX_DIRECTORY = ANSWER_CAPS.zipDirectory;

/** A file read by ranges: the remote one, or its copy on disk. */
interface Bytes {
  size: number;
  read(start: number, end: number): Promise<Buffer>;
}

export class ZipReadError extends Error {
  constructor(what: string) {
    super(`The recording's zip could not be read: ${what}.`);
    this.name = 'ZipReadError';
  }
}

export async function zipEntryNames(
  fetchRange: FetchRange,
  tempDir: string,
  signal?: AbortSignal,
): Promise<string[]> {
  const first = await fetchRange({ start: -TAIL });
  if (first.status === 206) {
    const range = rangeOf(first.contentRange);
    const tail = await bodyOf(first, TAIL);
    return namesIn(remoteBytes(fetchRange, range.total ?? range.start + tail.length, tail));
  }
  // The host ignored Range: the whole file, through the disk rather than memory, if small.
  const path = join(tempDir, `zip-${randomBytes(6).toString('hex')}.part`);
  try {
    await wholeTo(path, first, signal);
    const file = await open(path);
    try {
      const { size } = await file.stat();
      return await namesIn({
        size,
        read: async (start, end) => {
          const buffer = Buffer.alloc(end - start + 1);
          const { bytesRead } = await file.read(buffer, 0, buffer.length, start);
          return buffer.subarray(0, bytesRead);
        },
      });
    } finally {
      await file.close();
    }
  } finally {
    await rm(path, { force: true });
  }
}

/** A whole zip sent to a Range request, written to `path`: at most MAX_DIRECTORY bytes. */
async function wholeTo(path: string, answer: MediaResponse, signal?: AbortSignal): Promise<void> {
  const tooLarge = new ZipReadError(
    `its host ignores Range requests and sends the whole file, larger than ` +
      `${sizeWords(MAX_DIRECTORY)}, where only its last bytes were asked for; Roadcam does not ` +
      "download a whole recording to list its frames. Type the frame's name, or add the " +
      "recording's preview image instead",
  );
  if (answer.contentLength !== null && answer.contentLength > MAX_DIRECTORY) {
    await answer.body.cancel().catch(() => undefined);
    throw tooLarge;
  }
  const body = cappedStream(said('api.op.recordingZip'), answer.body, MAX_DIRECTORY);
  try {
    const source = Readable.fromWeb(body as NodeWebStream<Uint8Array>);
    await pipeline(source, createWriteStream(path), { signal });
  } catch (error) {
    throw error instanceof AnswerTooLarge ? tooLarge : error;
  }
}

/** The remote file: the tail already fetched, anything before it by one more Range request. */
function remoteBytes(fetchRange: FetchRange, size: number, tail: Buffer): Bytes {
  const tailStart = size - tail.length;
  return {
    size,
    async read(start, end) {
      if (start >= tailStart) return tail.subarray(start - tailStart, end - tailStart + 1);
      const answer = await fetchRange({ start, end });
      if (answer.status !== 206) {
        await answer.body.cancel();
        throw new ZipReadError(`the host answered ${answer.status} to a range it had honoured`);
      }
      return bodyOf(answer, end - start + 1);
    },
  };
}

/** "bytes 100-199/1234" -> start 100, total 1234 (null when "*"). */
function rangeOf(contentRange: string | null): { start: number; total: number | null } {
  const m = /^\s*bytes\s+(\d+)-\d+\/(\d+|\*)\s*$/i.exec(contentRange ?? '');
  if (!m) throw new ZipReadError(`the host answered a range without a usable Content-Range`);
  return { start: Number(m[1]), total: m[2] === '*' ? null : Number(m[2]) };
}

/** A small body, at most `max` bytes kept (a host sending more is cut off). */
async function bodyOf(answer: MediaResponse, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of answer.body) {
    chunks.push(Buffer.from(chunk));
    length += chunk.length;
    if (length > max) break;
  }
  return Buffer.concat(chunks).subarray(0, max);
}

async function namesIn(file: Bytes): Promise<string[]> {
  const tailStart = Math.max(0, file.size - (EOCD_SIZE + 0xffff));
  const tail = await file.read(tailStart, file.size - 1);
  const at = endRecordAt(tail);
  if (at < 0) throw new ZipReadError('it has no end-of-central-directory record');
  let entries = tail.readUInt16LE(at + 10);
  let dirSize = tail.readUInt32LE(at + 12);
  let dirStart = tail.readUInt32LE(at + 16);
  if (entries === 0xffff || dirSize === 0xffffffff || dirStart === 0xffffffff) {
    ({ entries, dirSize, dirStart } = await zip64(file, tail, at, tailStart));
  }
  if (entries > MAX_ENTRIES) {
    throw new ZipReadError(
      `its end record claims ${entries.toLocaleString('en')} entries, more than any ` +
        `recording has (at most ${MAX_ENTRIES.toLocaleString('en')})`,
    );
  }
  if (dirSize > MAX_DIRECTORY) {
    throw new ZipReadError(
      `its end record claims a central directory of ${sizeWords(dirSize)}, more than any ` +
        `recording needs (at most ${sizeWords(MAX_DIRECTORY)}), so it was not fetched`,
    );
  }
  if (dirStart + dirSize > file.size) {
    throw new ZipReadError('its central directory lies outside the file');
  }
  if (entries === 0) return [];
  return entryNames(await file.read(dirStart, dirStart + dirSize - 1), entries);
}

/** The end record: the last signature whose comment length reaches exactly the file's end. */
function endRecordAt(tail: Buffer): number {
  for (let at = tail.length - EOCD_SIZE; at >= 0; at--) {
    if (
      tail.readUInt32LE(at) === EOCD &&
      at + EOCD_SIZE + tail.readUInt16LE(at + 20) === tail.length
    )
      return at;
  }
  return -1;
}

async function zip64(file: Bytes, tail: Buffer, at: number, tailStart: number) {
  const locator = at - 20;
  if (locator < 0 || tail.readUInt32LE(locator) !== ZIP64_LOCATOR) {
    throw new ZipReadError('its zip64 end record is announced but not located');
  }
  const recordAt = Number(tail.readBigUInt64LE(locator + 8));
  const record =
    recordAt >= tailStart
      ? tail.subarray(recordAt - tailStart, recordAt - tailStart + 56)
      : await file.read(recordAt, recordAt + 55);
  if (record.length < 56 || record.readUInt32LE(0) !== ZIP64_EOCD) {
    throw new ZipReadError('its zip64 end record is missing');
  }
  return {
    entries: Number(record.readBigUInt64LE(32)),
    dirSize: Number(record.readBigUInt64LE(40)),
    dirStart: Number(record.readBigUInt64LE(48)),
  };
}

function entryNames(dir: Buffer, entries: number): string[] {
  const names: string[] = [];
  const utf8 = new TextDecoder('utf-8');
  let at = 0;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > dir.length || dir.readUInt32LE(at) !== ENTRY) {
      throw new ZipReadError(`entry ${i + 1} of ${entries} of its central directory is damaged`);
    }
    const nameLength = dir.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + dir.readUInt16LE(at + 30) + dir.readUInt16LE(at + 32);
    if (next > dir.length) throw new ZipReadError(`entry ${i + 1} runs past its directory`);
    // UTF-8 whether or not flagged (bit 11): what writers use in practice, ASCII either way.
    const name = utf8.decode(dir.subarray(at + 46, at + 46 + nameLength));
    if (!name.endsWith('/')) names.push(name);
    at = next;
  }
  return names;
}
