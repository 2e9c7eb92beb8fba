/**
 * `Roadcam cli <command> ...`: the command line through the app's own binary, for installs with
 * no launcher on PATH (an AppImage is one file: `./Roadcam.AppImage cli cameras search`). The
 * binary runs itself again as Node (ELECTRON_RUN_AS_NODE) on the built CLI, output inherited,
 * and exits with its code; no window, no single-instance lock.
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:os';

/** The CLI's arguments when the app was started as `<binary> cli ...`, else null. */
export function cliArguments(argv: readonly string[], defaultApp: boolean): string[] | null {
  // `electron . cli ...` in development has the app's folder before the arguments, and the
  // AppImage's AppRun puts Chromium switches (--no-sandbox) before the user's.
  const args = argv.slice(defaultApp ? 2 : 1);
  const first = args.findIndex((arg) => !arg.startsWith('--'));
  return first >= 0 && args[first] === 'cli' ? args.slice(first + 1) : null;
}

/** Runs the built CLI (out/cli/main.js) on this binary as Node; exit gets its exit code. */
export function runCli(args: readonly string[], cli: string, exit: (code: number) => void): void {
  const child = spawn(process.execPath, [cli, ...args], {
    stdio: 'inherit',
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
  });
  child.on('error', (error) => {
    process.stderr.write(`roadcam: could not run the command line ${cli}: ${error.message}\n`);
    exit(1);
  });
  // A command killed by a signal exits as a shell reports it: 128 + the signal's number.
  child.on('exit', (code, signal) => exit(code ?? 128 + (signal ? constants.signals[signal] : 0)));
}
