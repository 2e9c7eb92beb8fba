import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { tempDir } from '../../helpers/core.ts';

const dataDir = tempDir('roadcam-cli-epipe-');
afterAll(() => dataDir.remove());

it('ends quietly with exit 0 when the reader of its output closes the pipe early (| head)', async () => {
  const child = spawn(
    process.execPath,
    [
      join(import.meta.dirname, '../../../bin/roadcam.mjs'),
      'cameras',
      'search',
      '--demo',
      '--limit',
      '100',
      '--json',
    ],
    { env: { ...process.env, ROADCAM_DATA_DIR: dataDir.path } },
  );
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  // Like `head -c 100`: read a little, then close the pipe while the command still writes.
  const first = await new Promise<string>((resolve) =>
    child.stdout.once('data', (c: Buffer) => resolve(c.toString())),
  );
  child.stdout.destroy();
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  expect(first).toMatch(/^\{"type":"Feature"/);
  expect(stderr).not.toMatch(/EPIPE|Error/);
  expect(code).toBe(0);
}, 120_000);
