/**
 * A data folder whose database a newer Roadcam wrote: the command line refuses it in the
 * language of LANG, with what to do (the database refuses; nothing mocked).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';
import { runCommandLine } from '../../../src/cli/dispatch.ts';
import { tempDir } from '../../helpers/core.ts';

const dir = tempDir('roadcam-cli-newer-');
afterAll(() => dir.remove());

function newerDataDir(): string {
  const dataDir = join(dir.path, 'data');
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, 'roadcam.sqlite'));
  db.pragma('user_version = 9999');
  db.close();
  return dataDir;
}

async function run(env: Record<string, string>) {
  let stderr = '';
  const io = {
    stdout: { write: () => true } as unknown as NodeJS.WritableStream,
    stderr: { write: (s: string) => (stderr += s).length > 0 } as unknown as NodeJS.WritableStream,
  };
  const code = await runCommandLine(['settings', 'get'], {
    io,
    env: { ROADCAM_DATA_DIR: newerDataDir(), ...env },
  });
  return { code, stderr };
}

it('says in German that a newer Roadcam wrote the database, and what to do', async () => {
  const { code, stderr } = await run({ LANG: 'de_DE.UTF-8' });
  expect(code).not.toBe(0);
  expect(stderr).toContain(
    'Diese Datenbank wurde von einer neueren Version von Roadcam geschrieben (Schema 9999',
  );
  expect(stderr).toContain('ROADCAM_DATA_DIR auf einen anderen Ordner zeigen');
});

it('says it in English with LANG=C', async () => {
  const { stderr } = await run({ LANG: 'C' });
  expect(stderr).toContain('This database was written by a newer version of Roadcam (schema 9999');
});
