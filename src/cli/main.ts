/**
 * The process entry of `roadcam`: bin/roadcam.mjs imports it in the repository, and the build
 * bundles it to out/cli/main.js, which the installers' launchers run (no TypeScript at run time).
 */
import { run } from './index.ts';

// `roadcam cameras search --json | head`: a reader that has seen enough closes the pipe; that
// ends the command quietly, as it does for other Unix tools, instead of an EPIPE stack.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});
process.exitCode = await run(process.argv.slice(2));
