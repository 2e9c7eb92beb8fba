/**
 * `roadcam engine start`'s side of the wire (wire.ts): the data folder's socket, on which the
 * commands of the engine's account run in this process, on its started core, instead of each
 * starting Node and the engine again. A connection is one command: it runs here as in its own
 * process (its command line, environment, working folder and terminal), its output goes back as
 * it is printed, and its exit code ends the connection. A command whose process goes away
 * (Ctrl-C) goes on here to its end with no one to print to: a download it started completes,
 * and running the command again follows it.
 */
import { chmod, mkdir, rm, stat } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { english } from '../../shared/i18n/english.ts';
import { said, type Said } from '../../shared/i18n/translator.ts';
import {
  lineReader,
  line,
  MAX_SOCKET_PATH_BYTES,
  residentPaths,
  type FromEngine,
  type Hello,
  type RunRequest,
} from './wire.ts';

/** Bytes waiting to reach a command that reads too slowly before its output is let go. */
const MAX_UNREAD_BYTES = 64 * 1024 * 1024;

/** How long a connection may stay silent before it says what it wants. */
const FIRST_LINE_MS = 10_000;

/** How long a stale socket's owner is given to answer before the socket is taken over. */
const PROBE_MS = 1_000;

/** Where a command's output goes: to the command's process, as its own terminal would. */
export interface RemoteTerminal {
  stdout: { write(text: string): boolean; isTTY: boolean; columns?: number };
  stderr: { write(text: string): boolean; isTTY: boolean };
}

export interface ResidentOptions {
  dataDir: string;
  version: string;
  /** The account in words, for `roadcam engine status` ("demo", "profile default", a URL). */
  label: string;
  /** Why a command is not run here (another account, a command that is not the engine's). */
  refuses(request: RunRequest): 'key' | 'command' | undefined;
  /** Runs a command here; its exit code. */
  run(request: RunRequest, terminal: RemoteTerminal): Promise<number>;
  /** A command asked the engine to stop (`roadcam engine stop`). */
  onStop(): void;
}

export interface Resident {
  socket: string;
  /** Commands run so far. */
  served(): number;
  close(): Promise<void>;
}

/** Thrown when the engine cannot serve its socket: what is wrong and what to do, in words. */
export class ResidentStartError extends Error {
  readonly said: Said;

  constructor(said: Said) {
    super(english.say(said));
    this.name = 'ResidentStartError';
    this.said = said;
  }
}

/** Listens on the data folder's socket; refuses when another engine already answers there. */
export async function serveResident(options: ResidentOptions): Promise<Resident> {
  const { dir, socket } = residentPaths(options.dataDir);
  if (Buffer.byteLength(socket) > MAX_SOCKET_PATH_BYTES) {
    const params = { path: socket, max: MAX_SOCKET_PATH_BYTES };
    throw new ResidentStartError(said('cli.engine.pathTooLong', params));
  }
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  if (await answers(socket)) {
    throw new ResidentStartError(said('cli.engine.already', { folder: options.dataDir }));
  }
  // Left by an engine that did not close (killed, or the machine stopped): nobody answers.
  await rm(socket, { force: true });

  const connections = new Set<Socket>();
  const hello: Hello = {
    pid: process.pid,
    since: new Date().toISOString(),
    label: options.label,
    version: options.version,
  };
  let served = 0;
  const server = createServer((peer) => {
    connections.add(peer);
    peer.on('close', () => connections.delete(peer));
    serveOne(peer, options, hello, () => served++);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // The socket is made only its user's (0600) as it is bound; its folder is 0700 besides.
    const umask = process.umask(0o177);
    try {
      server.listen(socket, () => resolve());
    } finally {
      process.umask(umask);
    }
  }).catch((error: NodeJS.ErrnoException) => {
    const params = { path: socket, why: error.code ?? error.message };
    throw new ResidentStartError(said('cli.engine.cannotListen', params));
  });
  await chmod(socket, 0o600);
  return {
    socket,
    served: () => served,
    close: () => closeServer(server, connections, socket),
  };
}

async function closeServer(server: Server, connections: Set<Socket>, socket: string) {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  for (const peer of connections) peer.destroySoon();
  await closed;
  await rm(socket, { force: true });
}

/** Whether an engine answers on `socket` (a socket file with nobody listening does not). */
export async function answers(socket: string): Promise<boolean> {
  const there = await stat(socket).catch(() => undefined);
  if (!there?.isSocket()) return false;
  return new Promise((resolve) => {
    const probe = createConnection(socket);
    const done = (yes: boolean) => {
      clearTimeout(timer);
      probe.destroy();
      resolve(yes);
    };
    const timer = setTimeout(() => done(true), PROBE_MS);
    probe.once('connect', () => done(true));
    probe.once('error', () => done(false));
  });
}

/** One connection: one message (a run, a hello or a stop), then what it asks for. */
function serveOne(peer: Socket, options: ResidentOptions, hello: Hello, ran: () => void): void {
  let first = true;
  // A peer that says nothing is let go: a command says what it wants as it connects.
  const silent = setTimeout(() => peer.destroy(), FIRST_LINE_MS);
  peer.on('close', () => clearTimeout(silent));
  const send = (message: FromEngine): boolean => {
    if (peer.destroyed) return false;
    // A command that stopped reading: its output is let go rather than held without end.
    if (peer.writableLength > MAX_UNREAD_BYTES) {
      peer.destroy();
      return false;
    }
    return peer.write(line(message));
  };
  peer.on('error', () => peer.destroy());
  peer.on(
    'data',
    lineReader(
      (value) => {
        if (!first) return;
        first = false;
        clearTimeout(silent);
        const m = value as Record<string, unknown>;
        if (m.t === 'hello' || m.t === 'stop') {
          send({ t: 'hello', ...hello });
          if (m.t === 'hello') return void peer.end();
          send({ t: 'stopping' });
          peer.end();
          return options.onStop();
        }
        const request = runRequest(m);
        if (!request) return void peer.destroy();
        const why = m.version !== options.version ? 'version' : options.refuses(request);
        if (why) {
          send({ t: 'elsewhere', why });
          return void peer.end();
        }
        // Taken: the command's process relays from here on, whatever happens.
        send({ t: 'hello', ...hello });
        ran();
        const write = (fd: 1 | 2) => (text: string) => send({ t: 'out', fd, text });
        const terminal: RemoteTerminal = {
          stdout: { write: write(1), isTTY: request.tty.stdout, columns: request.tty.columns },
          stderr: { write: write(2), isTTY: request.tty.stderr },
        };
        void options.run(request, terminal).then(
          (code) => {
            send({ t: 'exit', code });
            peer.end();
          },
          (error: unknown) => {
            // runCommandLine reports a command's failures itself: this is a fault of the engine's.
            const why = error instanceof Error ? error.message : String(error);
            send({ t: 'out', fd: 2, text: `roadcam: ${why}\n` });
            send({ t: 'exit', code: 1 });
            peer.end();
          },
        );
      },
      () => peer.destroy(),
    ),
  );
}

/** A run's fields, checked: null when one is missing or of the wrong kind. */
function runRequest(m: Record<string, unknown>): RunRequest | null {
  const { dataDir, argv, env, cwd, tty } = m;
  if (m.t !== 'run' || typeof m.version !== 'string') return null;
  if (!Array.isArray(argv) || !argv.every((a) => typeof a === 'string')) return null;
  if (typeof env !== 'object' || env === null || Array.isArray(env)) return null;
  if (!Object.values(env).every((v) => typeof v === 'string')) return null;
  if (typeof cwd !== 'string' || !isAbsolute(cwd)) return null;
  if (typeof dataDir !== 'string' || !isAbsolute(dataDir)) return null;
  const t = tty as Record<string, unknown> | null;
  if (typeof t !== 'object' || t === null) return null;
  if (typeof t.stdout !== 'boolean' || typeof t.stderr !== 'boolean') return null;
  const columns = Number.isSafeInteger(t.columns) ? (t.columns as number) : undefined;
  return {
    dataDir,
    argv: argv as string[],
    env: { ...(env as Record<string, string>) },
    cwd,
    tty: { stdout: t.stdout, stderr: t.stderr, columns },
  };
}
