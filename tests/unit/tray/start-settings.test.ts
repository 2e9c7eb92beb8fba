import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../src/shared/settings.ts';
import { openDatabase } from '../../../src/engine/db/database.ts';
import { SettingsStore } from '../../../src/engine/db/settings-store.ts';
import { savedSettings } from '../../../src/engine/saved-settings.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the settings read before the core starts', () => {
  it('are the defaults on the first start, and what was saved after', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'roadcam-start-'));
    dirs.push(dataDir);
    expect(savedSettings(dataDir)).toEqual(defaultSettings);
    const db = openDatabase(join(dataDir, 'roadcam.sqlite'));
    new SettingsStore(db).update({ openAtLogin: true, startMinimised: true, closeToTray: false });
    db.close();
    expect(savedSettings(dataDir)).toMatchObject({
      openAtLogin: true,
      startMinimised: true,
      closeToTray: false,
    });
  });
});
