/**
 * The process entry of `roadcam`: bin/roadcam.mjs imports it in the repository, and the build
 * bundles it to out/cli/main.js, which the installers' launchers run (no TypeScript at run time).
 * A resident engine of the data folder (`roadcam engine start`) is asked first: when it takes the
 * command, the command runs there and this process only relays its output and exit code.
 */
import { resolve } from 'node:path';
import { appVersion, defaultDataDir } from '../engine/light.ts';
import { runInResident } from './resident/client.ts';
import { run } from './index.ts';

// `roadcam cameras search --json | head`: a reader that has seen enough closes the pipe; that
// ends the command quietly, as it does for other Unix tools, instead of an EPIPE stack.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});
const args = process.argv.slice(2);
const env = Object.fromEntries(
  Object.entries(process.env).filter((e): e is [string, string] => typeof e[1] === 'string'),
);
const tty = {
  stdout: process.stdout.isTTY === true,
  stderr: process.stderr.isTTY === true,
  columns: process.stdout.columns,
};
const request = { dataDir: resolve(defaultDataDir(env)), argv: args, env, cwd: process.cwd(), tty };
const ran = await runInResident(appVersion, request, process);
process.exitCode =
  'code' in ran
    ? ran.code
    : await run(args, ran.here === 'key' || ran.here === 'version' ? { elsewhere: ran.here } : {});
