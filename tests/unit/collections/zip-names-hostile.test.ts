/**
 * The zip reader against hosts no real recording needs: one that ignores Range and sends an
 * endless or huge file, and zips whose end record claims a directory or an entry count far past
 * any recording's. A real HTTP peer serves each; the reader fetches no more than it can use and
 * says why in words.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { said } from '../../../src/shared/i18n/translator.ts';
import { ANSWER_CAPS } from '../../../src/engine/api/capped-read.ts';
import { zipEntryNames } from '../../../src/engine/collections/zip-names.ts';
import { demoClient, tempDir } from '../../helpers/collections.ts';
import { streamBytes } from '../../helpers/hostile-peer.ts';

const MB = 1024 * 1024;
const GB = 1024 * MB;
/** Body bytes written per path, and the Range headers asked. */
const sent = new Map<string, number>();
const ranges = new Map<string, (string | undefined)[]>();
let server: Server;
let base: string;
const temp = tempDir('roadcam-zip-hostile-');

/** An end record: `entries`, a directory of `dirSize` bytes at `dirStart`. */
function endRecord(entries: number, dirSize: number, dirStart: number): Buffer {
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries, 10);
  eocd.writeUInt16LE(entries, 8);
  eocd.writeUInt32LE(dirSize, 12);
  eocd.writeUInt32LE(dirStart, 16);
  return eocd;
}

/** A zip64 end record, its locator and the plain end record that points to them. */
function zip64End(recordAt: number, entries: bigint, dirSize: bigint, dirStart: bigint): Buffer {
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeBigUInt64LE(entries, 24);
  record.writeBigUInt64LE(entries, 32);
  record.writeBigUInt64LE(dirSize, 40);
  record.writeBigUInt64LE(dirStart, 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(recordAt), 8);
  locator.writeUInt32LE(1, 16);
  return Buffer.concat([record, locator, endRecord(0xffff, 0xffffffff, 0xffffffff)]);
}

/** The last `tail.length` bytes of a file of `total` bytes, as a 206. */
function tailOf(res: ServerResponse, path: string, tail: Buffer, total: number) {
  res.writeHead(206, {
    'content-type': 'application/zip',
    'content-range': `bytes ${total - tail.length}-${total - 1}/${total}`,
  });
  sent.set(path, tail.length);
  res.end(tail);
}

/** 200 to any Range: `total` bytes of zeros, as fast as the reader takes them. */
function whole(res: ServerResponse, path: string, total: number, length?: number) {
  res.writeHead(200, {
    'content-type': 'application/zip',
    ...(length === undefined ? {} : { 'content-length': String(length) }),
  });
  streamBytes(res, Buffer.alloc(MB), total, (n) => sent.set(path, (sent.get(path) ?? 0) + n));
}

beforeAll(async () => {
  const TAIL = 256 * 1024;
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    ranges.set(path, [...(ranges.get(path) ?? []), req.headers.range]);
    if (ranges.get(path)!.length > 1) {
      // Any second request: a directory range, answered with more than it could hold.
      return whole(res, path, 300 * MB);
    }
    if (path === '/endless.zip') return whole(res, path, 400 * MB);
    if (path === '/declared.zip') return whole(res, path, 100 * MB, 3 * GB);
    const total = 4 * GB;
    if (path === '/huge-directory.zip') {
      // A 4 GB file whose directory of 2 GB starts at 256 MB: inside the file, far past any need.
      const tail = Buffer.concat([Buffer.alloc(TAIL - 22), endRecord(1000, 2 * GB, 256 * MB)]);
      return tailOf(res, path, tail, total);
    }
    if (path === '/many-entries.zip') {
      // A zip64 end record claiming a billion entries in a small directory.
      const end = zip64End(total - 98, 1_000_000_000n, 4096n, BigInt(total - 98 - 4096));
      return tailOf(res, path, Buffer.concat([Buffer.alloc(TAIL - end.length), end]), total);
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  temp.remove();
});

const requester = demoClient('http://127.0.0.1:9').requester;
const namesOf = (path: string) =>
  zipEntryNames(
    (range) => requester.fetchSigned(said('api.op.recordingZip'), `${base}${path}`, range),
    temp.path,
  );
/** What the socket may still hold past the cap when reading stops. */
const SLACK = 24 * MB;

describe('a zip reader that never fetches without end', () => {
  it('stops at 64 MB when the host ignores Range and the file goes on and on', async () => {
    await expect(namesOf('/endless.zip')).rejects.toThrow(
      /could not be read: its host ignores Range requests and sends the whole file, larger than 64 MB/,
    );
    expect(sent.get('/endless.zip')).toBeLessThan(ANSWER_CAPS.zipDirectory + SLACK);
    expect(readdirSync(temp.path)).toEqual([]);
  });

  it('refuses at once a whole file whose declared length is past 64 MB', async () => {
    await expect(namesOf('/declared.zip')).rejects.toThrow(/larger than 64 MB/);
    expect(sent.get('/declared.zip')).toBeLessThan(SLACK);
    expect(readdirSync(temp.path)).toEqual([]);
  });

  it('does not fetch a central directory past 64 MB, however the end record claims it', async () => {
    await expect(namesOf('/huge-directory.zip')).rejects.toThrow(
      /claims a central directory of 2048 MB, more than any recording needs \(at most 64 MB\)/,
    );
    expect(ranges.get('/huge-directory.zip')).toEqual(['bytes=-262144']);
  });

  it('does not read an entry count past any recording', async () => {
    await expect(namesOf('/many-entries.zip')).rejects.toThrow(
      /claims 1,000,000,000 entries, more than any recording has \(at most 108,000\)/,
    );
    expect(ranges.get('/many-entries.zip')).toEqual(['bytes=-262144']);
  });
});
