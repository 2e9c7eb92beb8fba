import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultDataDir, downloadFolders } from '../../../src/engine/paths.ts';

describe('where files go', () => {
  it('without a download folder in Settings: ~/Downloads/Roadcam, exports beside it', () => {
    const downloads = join(homedir(), 'Downloads');
    for (const setting of ['', '   ']) {
      expect(downloadFolders(setting)).toEqual({
        downloads: join(downloads, 'Roadcam'),
        exports: join(downloads, 'Roadcam collections'),
      });
    }
  });

  it("with one: downloads into it, exports into its 'Roadcam collections'", () => {
    expect(downloadFolders(' /data/dl ')).toEqual({
      downloads: '/data/dl',
      exports: join('/data/dl', 'Roadcam collections'),
    });
  });

  it('keeps the data in ROADCAM_DATA_DIR, else in the platform’s usual place', () => {
    expect(defaultDataDir({ ROADCAM_DATA_DIR: '/tmp/rc' }, 'linux')).toBe('/tmp/rc');
    expect(defaultDataDir({ XDG_CONFIG_HOME: '/cfg' }, 'linux')).toBe(join('/cfg', 'Roadcam'));
    expect(defaultDataDir({ APPDATA: 'C:/AppData' }, 'win32')).toBe(join('C:/AppData', 'Roadcam'));
    expect(defaultDataDir({}, 'darwin')).toBe(
      join(homedir(), 'Library', 'Application Support', 'Roadcam'),
    );
  });
});
