/**
 * The resident engine's wire (docs/cli.md, "A resident engine"): one JSON message a line over a
 * local socket in the data folder, between `roadcam engine start` and the `roadcam` commands
 * that run in it. A command sends its command line, environment, working folder and terminal;
 * the engine runs it there, on its started core, and sends back what it printed and its exit
 * code. The socket sits in a folder only its user can enter (0700), the socket itself 0600:
 * what a command may ask of it is what that user may run anyway. No web page can reach a Unix
 * socket, and the engine listens on no port.
 *
 * This module is on the path of every command (main.ts asks the engine first): Node's built-ins
 * only, nothing of the engine.
 */
import { join } from 'node:path';

/** A line longer than this ends the connection (a command line with 10,000 ids is ~300 KB). */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;

/** How long a command waits for the engine's first answer before it runs by itself. */
export const ANSWER_TIMEOUT_MS = 2_000;

/** Unix sockets' paths are at most 104 bytes on macOS (108 on Linux), the end byte included. */
export const MAX_SOCKET_PATH_BYTES = 103;

/** The folder of the socket (mode 0700) and the socket in it. */
export function residentPaths(dataDir: string): { dir: string; socket: string } {
  const dir = join(dataDir, 'engine');
  return { dir, socket: join(dir, 'socket') };
}

/** Whether this system's commands can use a resident engine (Unix sockets; not Windows). */
export const residentSupported = process.platform !== 'win32';

/** Who runs at the socket: `roadcam engine status` says it, `stop` stops it. */
export interface Hello {
  pid: number;
  /** When the engine started serving (ISO). */
  since: string;
  /** The engine's account in words: "demo", a profile's name, or the service's address. */
  label: string;
  version: string;
}

/** A command to run in the engine: as the command's own process would have run it. */
export interface RunRequest {
  /** The data folder the command found the engine in, full: it must be the engine's. */
  dataDir: string;
  argv: string[];
  env: Record<string, string>;
  cwd: string;
  /** Whether the command's stdout and stderr are terminals, and the terminal's width. */
  tty: { stdout: boolean; stderr: boolean; columns?: number };
}

/** What a command sends: its version first, then a run, a hello (status) or a stop. */
export type ToEngine =
  | ({ t: 'run'; version: string } & RunRequest)
  | { t: 'hello'; version: string }
  | { t: 'stop'; version: string };

/** What the engine sends. */
export type FromEngine =
  | ({ t: 'hello' } & Hello)
  /** Not run here (another account or version, a command that is not the engine's): run it. */
  | { t: 'elsewhere'; why: 'version' | 'key' | 'command' }
  | { t: 'out'; fd: 1 | 2; text: string }
  | { t: 'exit'; code: number }
  | { t: 'stopping' };

/**
 * Splits a stream's chunks into JSON messages, one a line; a line over MAX_LINE_BYTES or one
 * that is not JSON calls `bad` with the reason in words, and nothing more is read.
 */
export function lineReader(
  message: (value: unknown) => void,
  bad: (why: string) => void,
): (chunk: Buffer) => void {
  let parts: Buffer[] = [];
  let held = 0;
  let broken = false;
  return (chunk) => {
    if (broken) return;
    let start = 0;
    for (let end = chunk.indexOf(10); end !== -1; end = chunk.indexOf(10, start)) {
      parts.push(chunk.subarray(start, end));
      const text = Buffer.concat(parts).toString('utf8');
      parts = [];
      held = 0;
      start = end + 1;
      if (text.length === 0) continue;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        broken = true;
        return bad('a line that is not JSON');
      }
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        broken = true;
        return bad('a message that is not an object');
      }
      message(value);
    }
    const rest = chunk.subarray(start);
    held += rest.length;
    if (held > MAX_LINE_BYTES) {
      broken = true;
      return bad(`a line longer than ${MAX_LINE_BYTES / 1024 / 1024} MB`);
    }
    if (rest.length > 0) parts.push(rest);
  };
}

/** One message as its line. */
export function line(message: ToEngine | FromEngine): string {
  return `${JSON.stringify(message)}\n`;
}
