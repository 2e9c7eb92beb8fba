/** Runs the real `roadcam` in a child process (async: the service lives in the test process). */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { DEMO_CLIENT } from '../../src/service/index.ts';

const bin = resolve('bin/roadcam.mjs');

export interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runRoadcam(
  dataDir: string,
  args: string[],
  options: { input?: string; env?: Record<string, string> } = {},
): Promise<Outcome> {
  return runCommand(process.execPath, [bin, ...args], {
    ...options,
    env: { ROADCAM_DATA_DIR: dataDir, ...options.env },
  });
}

/**
 * Runs a command to its end with this process's environment plus env; never throws. Its
 * language is English (LANG=C) whatever the machine's, unless env names one.
 */
export function runCommand(
  command: string,
  args: string[],
  options: { input?: string; env?: Record<string, string>; cwd?: string } = {},
): Promise<Outcome> {
  return new Promise<Outcome>((done) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, LC_ALL: '', LC_MESSAGES: '', LANG: 'C.UTF-8', ...options.env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => done({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

/** The flags that point the CLI at a service with the demo client (secret in secretEnv). */
export const direct = (url: string) => ['--base-url', url, '--client-id', DEMO_CLIENT.id];
export const secretEnv = { ROADCAM_CLIENT_SECRET: DEMO_CLIENT.secret };
export const lines = (text: string) => text.trim().split('\n').filter(Boolean);
