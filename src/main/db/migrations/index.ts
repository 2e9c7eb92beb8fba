import type { Migration } from '../migrate.ts';
import { migration as settings } from './0010-settings.ts';

/** Every migration, in order. Add new ones at the end with a higher version number. */
export const migrations: readonly Migration[] = [settings];
