/**
 * Numbered schema migrations, applied in order inside one transaction; the database's
 * user_version is the number of the last one applied. Add new files as 0030-name.ts, ...
 */
import { sql as world } from './0010-world.ts';
import { sql as archive } from './0020-archive.ts';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  { version: 10, name: 'world', sql: world },
  { version: 20, name: 'archive', sql: archive },
];
