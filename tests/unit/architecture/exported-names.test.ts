import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { programOf, sharedNames, type SharedName } from '../../../scripts/exported-names.ts';
import { tempDir } from '../../helpers/core.ts';

/**
 * Names more than one file of a program may declare, each because every file that declares it
 * fills the same slot of one contract, and nothing imports two of them under that name.
 */
const ALLOWED: Record<string, { files: RegExp; why: string }> = {
  migration: {
    files: /\/migrations\/\d{4}-[a-z-]+\.ts$/,
    why: "each numbered migration file of the app's database exports its one step as `migration`; the list in migrations/index.ts imports them by file",
  },
  sql: {
    files: /\/migrations\/\d{4}-[a-z-]+\.ts$/,
    why: "each numbered migration file of the service's database exports its frozen SQL as `sql`; the list in migrations/index.ts imports them by file",
  },
};

/**
 * The engine's public face loads what starts the engine at its first call (so that
 * `roadcam --version` loads none of it): each of these is the module's own function, the same
 * name and meaning, behind an `await import`.
 */
const LOADED_BY_THE_FACE: Record<string, string> = {
  startCore: 'src/engine/core.ts',
  connectionFromSettings: 'src/engine/startup.ts',
  openCommandLineStore: 'src/engine/ipc/cli-offline.ts',
};

const allowed = (shared: SharedName): boolean => {
  const module = LOADED_BY_THE_FACE[shared.name];
  if (module !== undefined) {
    return [...shared.files].sort().join() === [module, 'src/engine/index.ts'].sort().join();
  }
  const rule = ALLOWED[shared.name];
  return rule !== undefined && shared.files.every((file) => rule.files.test(file));
};

describe('exported names', () => {
  const dir = tempDir('roadcam-names-');
  afterAll(() => dir.remove());
  const tree = (files: Record<string, string>): string => {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir.path, path)), { recursive: true });
      writeFileSync(join(dir.path, path), text);
    }
    return join(dir.path, 'src');
  };

  it('finds a name declared in two files of one program, Svelte module scripts included, re-exports and default exports not', () => {
    const src = tree({
      'src/shared/times.ts': 'export function isoSeconds(ms: number) { return ms; }\n',
      'src/service/times.ts': 'export const isoSeconds = (s: number) => s;\n',
      'src/engine/feature.ts': 'export interface Feature { name: string }\nexport type Log = 1;\n',
      'src/renderer/Tile.svelte':
        '<script module lang="ts">\n  export type Feature = 2;\n</script>\n<script lang="ts">\n  export const Log = 3;\n</script>\n',
      'src/sqlite/run.ts': 'const one = 1;\nexport { one as runner };\n',
      'src/service/run.ts': 'export class runner {}\n',
      'src/cli/again.ts':
        "import { runner } from '../sqlite/run.ts';\nexport { runner };\nexport { Feature } from '../main/feature.ts';\n",
      'src/cli/one.ts': 'export default function main() {}\n',
      'src/cli/two.ts': 'export default 2;\nexport function main() {}\n',
    });
    expect(sharedNames(src, dir.path)).toEqual([
      {
        program: 'client',
        name: 'Feature',
        files: ['src/engine/feature.ts', 'src/renderer/Tile.svelte'],
      },
      {
        program: 'service',
        name: 'isoSeconds',
        files: ['src/service/times.ts', 'src/shared/times.ts'],
      },
      { program: 'service', name: 'runner', files: ['src/service/run.ts', 'src/sqlite/run.ts'] },
    ]);
  });

  it('puts the service in the service, shared code and the migration runner in both, the rest in the client', () => {
    expect(programOf('src/service/http/router.ts')).toEqual(['service']);
    expect(programOf('src/sqlite/migrate.ts')).toEqual(['client', 'service']);
    expect(programOf('src/shared/times.ts')).toEqual(['client', 'service']);
    expect(
      ['src/engine/log.ts', 'src/engine/log.ts', 'src/cli/main.ts', 'src/web/host.ts'].map(
        programOf,
      ),
    ).toEqual(Array(4).fill(['client']));
  });

  it('src declares each exported name in one file of the client and one of the service (node scripts/exported-names.mjs lists them)', () => {
    const repo = join(import.meta.dirname, '../../..');
    const twice = sharedNames(join(repo, 'src'), repo).filter((shared) => !allowed(shared));
    expect(
      twice.map(({ program, name, files }) => `${program} ${name}: ${files.join(', ')}`),
    ).toEqual([]);
  });
});
