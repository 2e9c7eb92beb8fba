import { join } from 'node:path';
import { openDatabase } from '../db/database.ts';
import { SettingsStore } from '../db/settings-store.ts';
import { logsDirOf } from '../log.ts';
import type { DiagnosticsSources } from './bundle.ts';
import { crashDumpsDir } from './crash-dumps.ts';
import { versionFacts } from './versions.ts';

/**
 * The zip's sources when Roadcam could not start (no such profile, no keychain, a database of a
 * newer version): then diagnostics matter most. The logs, dumps, versions and settings (when
 * the database opens) go in; the reason it could not start stands for the connection report.
 */
export function standaloneSources(
  dataDir: string,
  why: string,
  secrets: readonly (string | undefined)[],
): DiagnosticsSources {
  return {
    logsDir: logsDirOf(dataDir),
    crashDumpsDir: crashDumpsDir(dataDir),
    versions: () => versionFacts(dataDir),
    settings: () => storedSettings(dataDir),
    connectionReport: () =>
      Promise.resolve(`Roadcam could not start, so the connection was not checked: ${why}\n`),
    secrets: () => Promise.resolve(secrets),
  };
}

function storedSettings(dataDir: string): unknown {
  try {
    const db = openDatabase(join(dataDir, 'roadcam.sqlite'));
    try {
      return new SettingsStore(db).get();
    } finally {
      db.close();
    }
  } catch (error) {
    return { unreadable: `The settings could not be read: ${(error as Error).message}` };
  }
}
