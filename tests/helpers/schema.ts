import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { migrate, type Migration } from '../../src/sqlite/migrate.ts';

interface SchemaRow {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

/**
 * A database's schema as comparable lines: tables with their columns, indexes and triggers
 * with their table. Virtual tables' shadow tables and SQLite's automatic indexes are left
 * out: they follow from what the migration wrote.
 */
function schemaOf(db: Database.Database): Map<string, string[]> {
  const rows = db
    .prepare("SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%'")
    .all() as SchemaRow[];
  const virtual = rows.filter((r) => r.sql?.startsWith('CREATE VIRTUAL TABLE')).map((r) => r.name);
  const shadow = (name: string): boolean => virtual.some((v) => name.startsWith(`${v}_`));
  const out = new Map<string, string[]>();
  for (const r of rows) {
    if (r.type === 'table' && shadow(r.name)) continue;
    if (r.type === 'table') {
      const kind = virtual.includes(r.name) ? 'virtual table' : 'table';
      const columns = db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all(r.name);
      out.set(`${kind} ${r.name}`, columns as string[]);
    } else out.set(`${r.type} ${r.name}`, [`ON ${r.tbl_name}`]);
  }
  return out;
}

/**
 * What one migration of `list` changes, applied by the runner to a database at the version
 * before it: `+table t (a, b)`, `+index i ON t`, `-table t`, `~table t +c -d`, sorted.
 * `seed` runs on the database at the previous version, before the migration.
 */
export function changesOf(
  list: readonly Migration[],
  version: number,
  seed: (db: Database.Database) => void = () => {},
): string[] {
  const at = list.findIndex((m) => m.version === version);
  if (at < 0) throw new Error(`No migration ${version} in the list.`);
  const db = new Database(':memory:');
  try {
    migrate(db, list.slice(0, at));
    seed(db);
    const before = schemaOf(db);
    expectVersion(migrate(db, list.slice(0, at + 1)), version);
    const after = schemaOf(db);
    const changes: string[] = [];
    for (const [key, columns] of after) {
      const old = before.get(key);
      if (!old) changes.push(`+${describe(key, columns)}`);
      else if (old.join() !== columns.join()) {
        const added = columns.filter((c) => !old.includes(c)).map((c) => `+${c}`);
        const removed = old.filter((c) => !columns.includes(c)).map((c) => `-${c}`);
        changes.push([`~${key}`, ...added, ...removed].join(' '));
      }
    }
    for (const key of before.keys()) if (!after.has(key)) changes.push(`-${key}`);
    return changes.sort();
  } finally {
    db.close();
  }
}

function describe(key: string, columns: string[]): string {
  return key.includes('table ') ? `${key} (${columns.join(', ')})` : `${key} ${columns[0]}`;
}

function expectVersion(found: number, wanted: number): void {
  if (found !== wanted) throw new Error(`The runner left user_version ${found}, not ${wanted}.`);
}

/**
 * The import lines of every migration file in `folder` (index.ts aside) that are not in
 * `allowed`: a migration is frozen text, and an import of live code would let a later edit
 * change what an already-migrated database has.
 */
export function liveImportsOf(folder: string, allowed: readonly string[]): string[] {
  return readdirSync(folder)
    .filter((file) => /^\d{4}-.*\.ts$/.test(file))
    .flatMap((file) => {
      const text = readFileSync(join(folder, file), 'utf8');
      const statements = text.match(/^\s*(import\b[^;]*|export\b[^;]*\bfrom\b[^;]*);/gm) ?? [];
      return statements
        .map((statement) => statement.replace(/\s+/g, ' ').trim())
        .filter((statement) => !allowed.includes(statement))
        .map((statement) => `${file}: ${statement}`);
    });
}
