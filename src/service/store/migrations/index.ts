/**
 * Numbered schema migrations, applied in order inside one transaction; the database's
 * user_version is the number of the last one applied. Add new files as 0030-name.ts, ...
 */
import { sql as world } from './0010-world.ts';
import { sql as archive } from './0020-archive.ts';
import { sql as observationCounts } from './0030-observation-counts.ts';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  { version: 10, name: 'world', sql: world },
  { version: 20, name: 'archive', sql: archive },
  { version: 30, name: 'observation counts', sql: observationCounts },
];
