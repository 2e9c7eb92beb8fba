/**
 * A command's side of the wire (wire.ts). main.ts asks the data folder's resident engine first:
 * when one runs there and takes the command (the same account, network and version), the
 * command runs in it and this process only relays what it prints and its exit code; when none
 * runs there (no socket: one look at the disk), or it does not take the command, or it does not
 * answer within ANSWER_TIMEOUT_MS, the command runs in this process, as it always could.
 */
import { existsSync } from 'node:fs';
import { createConnection, type Socket } from 'node:net';
import {
  ANSWER_TIMEOUT_MS,
  lineReader,
  line,
  residentPaths,
  residentSupported,
  type FromEngine,
  type Hello,
  type RunRequest,
  type ToEngine,
} from './wire.ts';

export interface Terminal {
  stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
}

/** Where a command ran: its exit code from the engine, or why it is to run here. */
export type Ran = { code: number } | { here: 'none' | 'command' | Elsewhere };

/** An engine runs there, but for another account, network or version. */
export type Elsewhere = 'key' | 'version';

/**
 * Runs the command in the resident engine. What the engine prints is written to `terminal` as
 * it comes.
 */
export async function runInResident(
  version: string,
  request: RunRequest,
  terminal: Terminal,
): Promise<Ran> {
  const none = { here: 'none' } as const;
  if (!residentSupported || !existsSync(residentPaths(request.dataDir).socket)) return none;
  const conversation = await talk(request.dataDir, { t: 'run', version, ...request });
  if (!conversation) return none;
  return new Promise((resolve) => {
    // The engine took the command (its hello): from then on it runs there, whatever happens.
    let taken = false;
    conversation.listen(
      (message) => {
        // Output before the engine took the command is not the engine's way: not obeyed.
        if (!taken && (message.t === 'out' || message.t === 'exit')) {
          conversation.close();
          return resolve(none);
        }
        switch (message.t) {
          case 'hello':
            taken = true;
            return;
          case 'elsewhere':
            conversation.close();
            return resolve({ here: message.why });
          case 'out': {
            // A reader slower than the engine (a pipe to a slow program) holds the engine back
            // through the socket, instead of this process holding its output in memory.
            const stream = message.fd === 2 ? terminal.stderr : terminal.stdout;
            if (!stream.write(message.text)) {
              conversation.pause();
              stream.once('drain', () => conversation.resume());
            }
            return;
          }
          case 'exit':
            conversation.close();
            return resolve({ code: message.code });
          default:
            return;
        }
      },
      (lost) => {
        // Gone, silent or garbled before it took the command: it runs here. Gone while it ran
        // the command: said, exit 1.
        if (!taken) return resolve(none);
        void sayLost(lost, request.env).then((words) => {
          terminal.stderr.write(`roadcam: ${words}\n`);
          resolve({ code: 1 });
        });
      },
    );
  });
}

/** Said in the user's words (the catalogue is loaded only then). */
async function sayLost(lost: 'early' | 'closed' | 'garbled', env: RunRequest['env']) {
  const { cliWords } = await import('../error-words.ts');
  const words = await cliWords(env);
  return words.t(lost === 'garbled' ? 'cli.engine.lostGarbled' : 'cli.engine.lostClosed');
}

/** Who runs at the data folder's socket, or null when nobody answers there. */
export async function residentHello(dataDir: string, version: string): Promise<Hello | null> {
  return ask(dataDir, { t: 'hello', version });
}

/** Asks the engine to stop; who it was, or null when nobody answers there. */
export async function stopResident(dataDir: string, version: string): Promise<Hello | null> {
  return ask(dataDir, { t: 'stop', version });
}

/** A hello or a stop: the engine says hello first either way. */
async function ask(dataDir: string, message: ToEngine): Promise<Hello | null> {
  if (!residentSupported || !existsSync(residentPaths(dataDir).socket)) return null;
  const conversation = await talk(dataDir, message);
  if (!conversation) return null;
  return new Promise((resolve) => {
    conversation.listen(
      (answer) => {
        if (answer.t !== 'hello' || !isHello(answer)) return;
        const { pid, since, label, version } = answer;
        if (message.t === 'hello') conversation.close();
        resolve({ pid, since, label, version });
      },
      () => resolve(null),
    );
  });
}

function isHello(m: FromEngine): boolean {
  const r = m as unknown as Record<string, unknown>;
  return (
    Number.isSafeInteger(r.pid) &&
    typeof r.since === 'string' &&
    typeof r.label === 'string' &&
    typeof r.version === 'string'
  );
}

interface Conversation {
  /** `lost`: the connection ended before a first answer ("early"), later, or garbled. */
  listen(
    message: (m: FromEngine) => void,
    lost: (how: 'early' | 'closed' | 'garbled') => void,
  ): void;
  close(): void;
  /** Reads no more until `resume` (the terminal's back-pressure). */
  pause(): void;
  resume(): void;
}

/**
 * Connects and sends `first`; null when nobody listens there. The first answer must come within
 * ANSWER_TIMEOUT_MS (an engine stopped in a debugger, say, is then left alone).
 */
function talk(dataDir: string, first: ToEngine): Promise<Conversation | null> {
  return new Promise((resolve) => {
    const socket: Socket = createConnection(residentPaths(dataDir).socket);
    const refused = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(null);
    };
    const timer = setTimeout(refused, ANSWER_TIMEOUT_MS);
    socket.once('error', refused);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.off('error', refused);
      socket.write(line(first));
      resolve(conversation(socket));
    });
  });
}

function conversation(socket: Socket): Conversation {
  let over = false;
  let timer: NodeJS.Timeout | undefined;
  return {
    listen(message, lost) {
      let answered = false;
      const end = (how: 'early' | 'closed' | 'garbled') => {
        if (over) return;
        over = true;
        clearTimeout(timer);
        socket.destroy();
        lost(answered || how === 'garbled' ? how : 'early');
      };
      timer = setTimeout(() => end('early'), ANSWER_TIMEOUT_MS);
      socket.on(
        'data',
        lineReader(
          (value) => {
            if (over) return;
            const m = value as FromEngine;
            if (!wellFormed(m)) return end('garbled');
            answered = true;
            clearTimeout(timer);
            message(m);
          },
          () => end('garbled'),
        ),
      );
      socket.on('error', () => undefined);
      socket.on('close', () => end('closed'));
    },
    close() {
      over = true;
      clearTimeout(timer);
      socket.end();
    },
    pause: () => socket.pause(),
    resume: () => socket.resume(),
  };
}

/** A message with the fields its kind needs. */
function wellFormed(m: FromEngine): boolean {
  switch (m.t) {
    case 'hello':
      return isHello(m);
    case 'elsewhere':
      return m.why === 'key' || m.why === 'version' || m.why === 'command';
    case 'out':
      return (m.fd === 1 || m.fd === 2) && typeof m.text === 'string';
    case 'exit':
      return Number.isSafeInteger(m.code) && m.code >= 0 && m.code <= 255;
    case 'stopping':
      return true;
    default:
      return false;
  }
}
