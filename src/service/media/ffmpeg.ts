/**
 * Finds the ffmpeg binary: the FFMPEG_PATH environment variable, then `ffmpeg` on the PATH,
 * then the binary shipped inside @ffmpeg-installer/ffmpeg (an old build, but present on every
 * OS without a download at install time). Also runs ffmpeg to completion for one-shot jobs.
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { getPriority, setPriority } from 'node:os';
import { delimiter, join } from 'node:path';

export interface FfmpegLocation {
  path: string;
  source: 'FFMPEG_PATH' | 'PATH' | '@ffmpeg-installer/ffmpeg';
}

let located: FfmpegLocation | undefined;

function isExecutable(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name: string, env: NodeJS.ProcessEnv): string | undefined {
  const exe = process.platform === 'win32' ? `${name}.exe` : name;
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir && isExecutable(join(dir, exe))) return join(dir, exe);
  }
  return undefined;
}

function fromInstaller(): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    const { path } = require('@ffmpeg-installer/ffmpeg') as { path: string };
    return isExecutable(path) ? path : undefined;
  } catch {
    // The package throws when no binary exists for this platform: then there is none.
    return undefined;
  }
}

/** Where ffmpeg is, in the documented order; throws a message that says what to do. */
export function locateFfmpeg(env: NodeJS.ProcessEnv = process.env): FfmpegLocation {
  if (env === process.env && located) return located;
  let found: FfmpegLocation | undefined;
  const fromEnv = env.FFMPEG_PATH;
  if (fromEnv) {
    if (!isExecutable(fromEnv)) {
      throw new Error(
        `FFMPEG_PATH is set to ${fromEnv}, which is not an executable file. Fix or unset FFMPEG_PATH.`,
      );
    }
    found = { path: fromEnv, source: 'FFMPEG_PATH' };
  } else {
    const p = onPath('ffmpeg', env);
    if (p) found = { path: p, source: 'PATH' };
    else {
      const i = fromInstaller();
      if (i) found = { path: i, source: '@ffmpeg-installer/ffmpeg' };
    }
  }
  if (!found) {
    throw new Error(
      'ffmpeg was not found: set FFMPEG_PATH, install ffmpeg on the PATH, or reinstall the npm dependencies (@ffmpeg-installer/ffmpeg).',
    );
  }
  if (env === process.env) located = found;
  return found;
}

/** True when this ffmpeg can encode H.264 (libx264): checked once per binary. */
const x264Checked = new Map<string, boolean>();
export function hasLibx264(path: string): boolean {
  let ok = x264Checked.get(path);
  if (ok === undefined) {
    const out = spawnSync(path, ['-hide_banner', '-encoders'], {
      encoding: 'utf8',
      timeout: 10_000,
    });
    ok = /libx264/.test(out.stdout ?? '');
    x264Checked.set(path, ok);
  }
  return ok;
}

/** The priority of background encodes: below the user's own work, above idle. */
export const BACKGROUND_NICE = 10;

/**
 * Starts ffmpeg. `background`: work nobody watches as it happens (a recording's build) runs at
 * nice BACKGROUND_NICE (a service niced further already keeps its own), so that in demo mode,
 * where the service shares the user's cores, a wall's page and the app keep theirs. Where the
 * priority cannot be set, it runs at the service's.
 */
export function spawnFfmpeg(
  args: readonly string[],
  { background = false } = {},
): ChildProcessWithoutNullStreams {
  const child = spawn(
    locateFfmpeg().path,
    ['-hide_banner', '-loglevel', 'error', '-nostdin', ...args],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  if (background && child.pid !== undefined && getPriority() < BACKGROUND_NICE) {
    try {
      setPriority(child.pid, BACKGROUND_NICE);
    } catch {
      // Not allowed here, or the process is already gone: the normal priority it is.
    }
  }
  return child;
}

/** Waits for an ffmpeg process to exit; rejects with the tail of its error output. */
export function ffmpegDone(child: ChildProcessWithoutNullStreams): Promise<void> {
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-2000);
  });
  child.stdout.resume();
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `ffmpeg failed (${signal ?? `exit ${code}`}): ${stderr.trim() || 'no message'}`,
          ),
        );
    });
  });
}
