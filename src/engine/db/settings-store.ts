import {
  defaultSettings,
  settingsSchema,
  type Settings,
  type SettingsPatch,
} from '../../shared/settings.ts';
import type { Db } from './database.ts';

/** Settings as key/JSON rows; a stored value that no longer validates falls back to its default. */
export class SettingsStore {
  #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  get(): Settings {
    const rows = this.#db.prepare('SELECT key, value FROM settings').all() as {
      key: string;
      value: string;
    }[];
    const merged: Record<string, unknown> = { ...defaultSettings };
    const shape = settingsSchema.shape as Record<
      string,
      { safeParse(v: unknown): { success: boolean } }
    >;
    for (const { key, value } of rows) {
      const field = shape[key];
      if (!field) continue;
      const parsed: unknown = JSON.parse(value);
      if (field.safeParse(parsed).success) merged[key] = parsed;
    }
    return settingsSchema.parse(merged);
  }

  update(patch: SettingsPatch): Settings {
    const upsert = this.#db.prepare(
      'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
    );
    this.#db.transaction(() => {
      for (const [key, value] of Object.entries(patch)) {
        if (value !== undefined) upsert.run(key, JSON.stringify(value));
      }
    })();
    return this.get();
  }
}
