import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ConnectionOptions } from './target.ts';
import { openDatabase } from './db/database.ts';
import { SettingsStore } from './db/settings-store.ts';
import type { DemoWorld } from './demo.ts';

/**
 * What the app connects to at start, as chosen in Settings: demo mode (the first start, with no
 * account), or the active account profile.
 */
export function connectionFromSettings(dataDir: string, world?: DemoWorld): ConnectionOptions {
  const file = join(dataDir, 'roadcam.sqlite');
  if (!existsSync(file)) return { kind: 'demo', world };
  const db = openDatabase(file);
  try {
    const settings = new SettingsStore(db).get();
    if (settings.demoMode || settings.activeProfile === null) return { kind: 'demo', world };
    return { kind: 'profile', profile: settings.activeProfile };
  } finally {
    db.close();
  }
}
