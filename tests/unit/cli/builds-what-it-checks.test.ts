/**
 * A command builds of the contract's input schemas (src/shared/ipc/) those of the channels it
 * calls, as it calls them, and no other (src/shared/ipc/first-use.ts): every command loads the
 * whole contract with the engine, and building it all took some 50 ms of each start.
 */
import { afterAll, expect, vi } from 'vitest';
import { runCommandLine } from '../../../src/cli/dispatch.ts';
import { direct, secretEnv } from '../../helpers/cli.ts';
import { tempDir } from '../../helpers/core.ts';
import { apiTest as test } from '../../helpers/fixtures.ts';
import { contractBuilds, zodBuilds } from '../../helpers/zod-builds.ts';

vi.mock('zod', async (real) =>
  (await import('../../helpers/zod-builds.ts')).listingZod(await real()),
);

test.override({ world: { cameras: 20, hours: 1 } });
const dataDir = tempDir('roadcam-cli-builds-');
afterAll(() => dataDir.remove());

/** Runs `roadcam` in this process (its modules loaded here, through the stand-in of zod). */
async function roadcam(args: string[]) {
  let stdout = '';
  let stderr = '';
  const sink = (add: (s: string) => void) =>
    ({ write: (s: string) => (add(s), true) }) as unknown as NodeJS.WritableStream;
  const io = { stdout: sink((s) => (stdout += s)), stderr: sink((s) => (stderr += s)) };
  const env = { ...secretEnv, ROADCAM_DATA_DIR: dataDir.path, LANG: 'C.UTF-8', LC_ALL: '' };
  const code = await runCommandLine(args, { io, env });
  return { code, stdout, stderr };
}

test('`roadcam session` builds the input of cli.session, and no other', async ({ service }) => {
  const out = await roadcam(['session', '--json', ...direct(service.url)]);
  expect(out.stderr).toBe('');
  expect(out.code).toBe(0);
  expect(JSON.parse(out.stdout)).toMatchObject({ base_url: service.url });
  // In this whole process (the contract loaded with the test's helpers, then the command): the
  // input of cli.session, which takes nothing (`z.object({}).strict()`).
  expect(contractBuilds()).toEqual(['src/shared/ipc/command-line.ts z.object']);
  // The stand-in saw the rest of zod's work: the settings' schema, say.
  expect(zodBuilds.some((build) => build.startsWith('src/shared/settings.ts '))).toBe(true);
});
