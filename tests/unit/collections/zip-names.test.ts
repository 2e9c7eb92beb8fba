import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { said } from '../../../src/shared/i18n/translator.ts';
import { ZipFile, type EndOptions } from 'yazl';
import { zipEntryNames } from '../../../src/engine/collections/zip-names.ts';
import { parseRange } from '../../../src/service/media/send-file.ts';
import { demoClient, tempDir } from '../../helpers/collections.ts';

// The names of a remote zip from its central directory alone, over real HTTP from a host that
// honours Range requests and from one that ignores them.

interface Served {
  ranges: (string | undefined)[];
  bytes: number;
}

const files = new Map<string, Buffer>();
const served = new Map<string, Served>();
let server: Server;
let base: string;
const temp = tempDir('roadcam-zip-names-');

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const file = files.get(url.pathname);
    if (!file) return void res.writeHead(404).end('no such file');
    const log = served.get(url.pathname) ?? { ranges: [], bytes: 0 };
    served.set(url.pathname, log);
    log.ranges.push(req.headers.range);
    const range = url.searchParams.has('ignore-range')
      ? undefined
      : parseRange(req.headers.range, file.length);
    if (range === 'unsatisfiable') return void res.writeHead(416).end();
    const body = range ? file.subarray(range.start, range.end + 1) : file;
    log.bytes += body.length;
    res.writeHead(range ? 206 : 200, {
      'content-type': 'application/zip',
      ...(range ? { 'content-range': `bytes ${range.start}-${range.end}/${file.length}` } : {}),
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  temp.remove();
});

async function zipOf(
  entries: { name: string; size: number }[],
  end: Partial<EndOptions> = {},
): Promise<Buffer> {
  const zip = new ZipFile();
  for (const e of entries) {
    if (e.name.endsWith('/')) zip.addEmptyDirectory(e.name);
    else zip.addBuffer(Buffer.alloc(e.size, 7), e.name, { compress: false });
  }
  zip.end({ forceZip64Format: false, comment: '', ...end });
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as Readable) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const requester = demoClient('http://127.0.0.1:9').requester;

function namesOf(path: string, query = '') {
  return zipEntryNames(
    (range) => requester.fetchSigned(said('api.op.recordingZip'), `${base}${path}${query}`, range),
    temp.path,
  );
}

describe('a zip read by its central directory', () => {
  it('takes the names from the tail alone when the host honours Range', async () => {
    const names = ['a_1.jpg', 'kamera ä/2.jpg', 'img-00ff.jpg', 'dir/', 'dir/3.jpg'];
    files.set('/small.zip', await zipOf(names.map((name) => ({ name, size: 400_000 }))));
    expect(await namesOf('/small.zip')).toEqual(names.filter((n) => !n.endsWith('/')));
    const log = served.get('/small.zip')!;
    expect(log.ranges).toEqual(['bytes=-262144']);
    expect(log.bytes).toBeLessThan(files.get('/small.zip')!.length / 4);
  });

  it('fetches a central directory larger than the tail with one more range', async () => {
    const names = Array.from(
      { length: 3000 },
      (_, i) => `frame-${String(i).padStart(90, '0')}.jpg`,
    );
    files.set('/long.zip', await zipOf(names.map((name) => ({ name, size: 10 }))));
    expect(await namesOf('/long.zip')).toEqual(names);
    expect(served.get('/long.zip')!.ranges).toHaveLength(2);
  });

  it('reads zip64 end records and skips a comment', async () => {
    const names = ['x.jpg', 'y.jpg'];
    const zip = await zipOf(
      names.map((name) => ({ name, size: 100 })),
      { forceZip64Format: true, comment: 'made by a test' },
    );
    expect(zip.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(true);
    files.set('/zip64.zip', zip);
    expect(await namesOf('/zip64.zip')).toEqual(names);
  });

  it('goes through a temporary file, deleted after, when the host ignores Range', async () => {
    const names = ['one.jpg', 'two.jpg', 'three.jpg'];
    files.set('/whole.zip', await zipOf(names.map((name) => ({ name, size: 300_000 }))));
    expect(await namesOf('/whole.zip', '?ignore-range')).toEqual(names);
    expect(served.get('/whole.zip')!.bytes).toBe(files.get('/whole.zip')!.length);
    expect(readdirSync(temp.path)).toEqual([]);
  });

  it('says what is wrong with a file that is not a zip', async () => {
    files.set('/not.zip', Buffer.alloc(5000, 1));
    await expect(namesOf('/not.zip')).rejects.toThrow(/no end-of-central-directory record/);
    await expect(namesOf('/not.zip', '?ignore-range')).rejects.toThrow(/could not be read/);
    expect(readdirSync(temp.path)).toEqual([]);
  });
});
