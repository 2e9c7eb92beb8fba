import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, describe, expect } from 'vitest';
import { apiTest as test } from '../../helpers/fixtures.ts';
import type { ApiClient } from '../../../src/engine/api/index.ts';
import { writeCollectionExport, toCsv } from '../../../src/engine/collections/export.ts';
import { imageFileName } from '../../../src/engine/collections/files.ts';
import {
  demoClient,
  fileHash,
  filledCollection,
  serviceHash,
  serviceNow,
  tempDir,
} from '../../helpers/collections.ts';
import { readZip } from '../../helpers/zip.ts';

let client: ApiClient;
let collection: { id: string; names: string[] };
const dir = tempDir('roadcam-export-');

test.override({ world: { cameras: 20, hours: 2 } });
test.beforeAll(async ({ service }) => {
  client = demoClient(service.url);
  collection = await filledCollection(
    client,
    await serviceNow(service.url),
    4,
    'Export: "me", ok?',
  );
}, 120_000);

afterAll(async () => {
  dir.remove();
});

async function run(as: 'folder' | 'zip', name?: string) {
  const shown = { ...(await client.collections.show(collection.id)), ...(name ? { name } : {}) };
  const progress: number[] = [];
  const result = await writeCollectionExport({
    collection: shown,
    names: collection.names,
    as,
    into: dir.path,
    client,
    localFile: () => null,
    sources: new Map([[collection.names[0]!, { kind: 'camera', cameraId: 'C1' }]]),
    onProgress: (done) => progress.push(done),
  });
  expect(progress).toEqual([1, 2, 3, 4]);
  return result;
}

describe('export', () => {
  test('writes a folder of images with JSON and CSV manifests', async () => {
    const result = await run('folder');
    expect(result.images).toBe(4);
    expect(result.path).toMatch(/Export_ _me_ ok_ \(col_\w+\)$/);
    expect(readdirSync(result.path).sort()).toEqual(['images', 'manifest.csv', 'manifest.json']);
    const manifest = JSON.parse(readFileSync(join(result.path, 'manifest.json'), 'utf8')) as {
      collection: { _id: string };
      images: {
        name: string;
        file: string;
        sha256: string;
        bytes: number;
        source: string | null;
        camera_id: string;
      }[];
    };
    expect(manifest.collection._id).toBe(collection.id);
    expect(manifest.images.map((i) => i.name)).toEqual(collection.names);
    expect(manifest.images[0]?.source).toBe('camera C1 current image');
    for (const image of manifest.images.slice(0, 2)) {
      const path = join(result.path, image.file);
      expect(fileHash(path)).toBe(image.sha256);
      expect(image.sha256).toBe(await serviceHash(client, collection.id, image.name));
    }
    expect(result.bytes).toBe(manifest.images.reduce((s, i) => s + i.bytes, 0));
    const csv = readFileSync(join(result.path, 'manifest.csv'), 'utf8').trim().split('\r\n');
    expect(csv[0]).toBe('name,file,camera_id,time,source,bytes,sha256');
    expect(csv).toHaveLength(5);
    expect(csv[1]).toContain(manifest.images[0]!.camera_id);
    // A second export never overwrites the first.
    expect((await run('folder')).path).toBe(`${result.path} 2`);
  });

  test('writes a zip holding the same, and leaves nothing half-made', async () => {
    const result = await run('zip');
    expect(result.path.endsWith('.zip')).toBe(true);
    const entries = readZip(result.path);
    expect([...entries.keys()].sort()).toEqual(
      [
        ...collection.names.map((n) => `images/${imageFileName(n)}`),
        'manifest.csv',
        'manifest.json',
      ].sort(),
    );
    const manifest = JSON.parse(entries.get('manifest.json')!.toString()) as {
      images: { file: string; sha256: string }[];
    };
    for (const image of manifest.images) {
      const { createHash } = await import('node:crypto');
      expect(createHash('sha256').update(entries.get(image.file)!).digest('hex')).toBe(
        image.sha256,
      );
    }
    expect(readdirSync(dir.path).filter((n) => n.includes('.part'))).toEqual([]);
    expect(existsSync(`${result.path}.part`)).toBe(false);
  });

  test('CSV cells with commas, quotes or line breaks are quoted', () => {
    const csv = toCsv([
      {
        name: 'a,b',
        file: 'x',
        camera_id: null,
        time: null,
        source: 'say "hi"\nthen',
        bytes: 1,
        sha256: 'h',
      },
    ]);
    expect(csv).toBe(
      'name,file,camera_id,time,source,bytes,sha256\r\n"a,b",x,,,"say ""hi""\nthen",1,h\r\n',
    );
  });

  test('a long name in any script is cut by bytes, so the export can be written', async () => {
    // 100 CJK letters are 300 bytes: more than a file name may have on ext4.
    for (const as of ['folder', 'zip', 'zip'] as const) {
      const result = await run(as, '漢'.repeat(100));
      const name = basename(result.path);
      expect(name).toMatch(/^漢+ \(col_\w+\)( 2)?(\.zip)?$/);
      expect(Buffer.byteLength(`${name}.part-zip`)).toBeLessThanOrEqual(255);
      expect(existsSync(result.path)).toBe(true);
    }
  });

  test('CSV cells a spreadsheet would run as a formula are kept as text', () => {
    const entry = { time: null, bytes: 1, sha256: 'h' };
    const csv = toCsv([
      {
        ...entry,
        name: '=HYPERLINK("http://x.example","y")',
        file: '@SUM(1)',
        camera_id: '+1',
        source: '-2+3',
      },
      { ...entry, name: '\tx', file: '\rx', camera_id: 'A-1', source: 'a=b' },
    ]);
    expect(csv.split('\r\n').slice(1, 3)).toEqual([
      '"\'=HYPERLINK(""http://x.example"",""y"")","\'@SUM(1)","\'+1",,"\'-2+3",1,h',
      '"\'\tx","\'\rx",A-1,,a=b,1,h',
    ]);
  });
});
