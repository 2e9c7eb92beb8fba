import { Readable } from 'node:stream';
import { describe, expect } from 'vitest';
import { offlineCoreTest as test } from '../../helpers/fixtures.ts';
import { startCore } from '../../../src/engine/core.ts';
import type { DesktopBridge } from '../../../src/engine/desktop.ts';
import { tempDir } from '../../helpers/core.ts';

describe('the cache in Settings', () => {
  test('reports its usage and is cleared on request', async ({ core }) => {
    await core.cache.media.put('test:a', Readable.from([Buffer.alloc(4096, 1)]), 'image/jpeg');
    await core.cache.media.put('test:b', Readable.from([Buffer.alloc(1024, 2)]), 'image/jpeg');
    core.cache.searches.put('cameras', { state: 'CO' }, {
      features: [],
      properties: { total: 0 },
    } as never);
    expect(await core.api.invoke('cache.usage', {})).toEqual({
      mediaBytes: 5120,
      mediaFiles: 2,
      searches: 1,
    });
    expect(await core.api.invoke('cache.clear', {})).toEqual({
      mediaBytes: 0,
      mediaFiles: 0,
      searches: 0,
    });
    expect(core.cache.media.get('test:a')).toBeNull();
  });

  test('has no folder or file picker in browser mode, and says what to do instead', async ({
    core,
  }) => {
    await expect(core.api.invoke('app.chooseFolder', { title: 'Downloads' })).rejects.toThrow(
      /type the folder path/,
    );
    await expect(core.api.invoke('app.chooseFile', { title: 'CA file' })).rejects.toThrow(
      /There is no file picker in browser mode: type the file path/,
    );
  });
});

describe("the desktop app's pickers", () => {
  test('asks the desktop for a file with its filters, and answers its choice (null if canceled)', async () => {
    const asked: Parameters<DesktopBridge['chooseFile']>[] = [];
    let answer: string | null = '/etc/company/ca.pem';
    const dir = tempDir();
    const desktopCore = await startCore({
      dataDir: dir.path,
      connection: {
        kind: 'remote',
        baseUrl: 'http://127.0.0.1:9',
        clientId: 'x',
        clientSecret: 'y',
      },
      log: () => {},
      desktop: {
        chooseFolder: () => Promise.resolve(null),
        chooseFile: (...args) => (asked.push(args), Promise.resolve(answer)),
        openPath: () => Promise.resolve(''),
        showItemInFolder: () => {},
        confirm: () => Promise.resolve(false),
      },
    });
    try {
      const filters = [{ name: 'Certificates', extensions: ['pem', 'crt'] }];
      expect(await desktopCore.api.invoke('app.chooseFile', { title: 'CA file', filters })).toBe(
        '/etc/company/ca.pem',
      );
      expect(asked).toEqual([['CA file', undefined, filters]]);
      answer = null;
      expect(await desktopCore.api.invoke('app.chooseFile', { title: 'CA file' })).toBeNull();
      // The renderer cannot pass what a dialog would misread.
      await expect(
        desktopCore.api.invoke('app.chooseFile', {
          title: 'CA file',
          filters: [{ name: 'x', extensions: ['../pem'] }],
        }),
      ).rejects.toThrow(/extensions/);
    } finally {
      await desktopCore.close();
      dir.remove();
    }
  });
});
