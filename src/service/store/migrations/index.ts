/**
 * Numbered schema migrations, applied in order inside one transaction by the shared runner
 * (src/sqlite/migrate.ts); the database's user_version is the number of the last one
 * applied. Add new files as 0040-name.ts, ... Each is frozen SQL text: it imports nothing.
 */
import { sqlMigration, type Migration } from '../../../sqlite/migrate.ts';
import { sql as world } from './0010-world.ts';
import { sql as archive } from './0020-archive.ts';
import { sql as observationCounts } from './0030-observation-counts.ts';

export const MIGRATIONS: readonly Migration[] = [
  sqlMigration(10, 'world', world),
  sqlMigration(20, 'archive', archive),
  sqlMigration(30, 'observation counts', observationCounts),
];
