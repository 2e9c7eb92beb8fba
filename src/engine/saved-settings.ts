import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { defaultSettings, type Settings } from '../shared/settings.ts';
import { openDatabase } from './db/database.ts';
import { SettingsStore } from './db/settings-store.ts';

/**
 * The settings as saved, read before the core has started: the desktop window opens at once,
 * hidden or minimised as they say, while the core may still be building a demo world. The first
 * start has no database yet: the defaults.
 */
export function savedSettings(dataDir: string): Settings {
  const file = join(dataDir, 'roadcam.sqlite');
  if (!existsSync(file)) return defaultSettings;
  const db = openDatabase(file);
  try {
    return new SettingsStore(db).get();
  } finally {
    db.close();
  }
}
