/**
 * A real forward proxy for the tests: Debian's tinyproxy, started in the foreground on a free
 * port of 127.0.0.1 with a configuration of the test's own. What went through it is read from
 * its own log: the absolute URLs of plain HTTP requests, the host:port of CONNECT tunnels.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor } from './wait.ts';

export interface Tinyproxy {
  /** http://127.0.0.1:PORT/ */
  url: string;
  port: number;
  /** Requests as the proxy logged them: "GET http://host:port/path" or "CONNECT host:port". */
  requests(): string[];
  close(): Promise<void>;
}

/** Why tinyproxy cannot run here, or null when it can. */
export function tinyproxyMissing(): string | null {
  const found = spawnSync('tinyproxy', ['-v'], { encoding: 'utf8' });
  return found.error
    ? 'tinyproxy is not installed (Debian package tinyproxy; .ci/run installs it)'
    : null;
}

export async function startTinyproxy(
  options: { basicAuth?: [string, string] } = {},
): Promise<Tinyproxy> {
  const dir = mkdtempSync(join(tmpdir(), 'roadcam-tinyproxy-'));
  const port = await freePort();
  const log = join(dir, 'tinyproxy.log');
  const config = [
    `Port ${port}`,
    'Listen 127.0.0.1',
    'Timeout 120',
    `LogFile "${log}"`,
    'LogLevel Connect',
    'MaxClients 200',
    'Allow 127.0.0.1',
    'DisableViaHeader Yes',
    ...(options.basicAuth ? [`BasicAuth ${options.basicAuth[0]} ${options.basicAuth[1]}`] : []),
  ];
  writeFileSync(join(dir, 'tinyproxy.conf'), `${config.join('\n')}\n`);
  const child: ChildProcess = spawn('tinyproxy', ['-d', '-c', join(dir, 'tinyproxy.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  await waitForPort(port, () => (child.exitCode !== null ? `tinyproxy exited: ${stderr}` : null));
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    requests() {
      let text: string;
      try {
        text = readFileSync(log, 'utf8');
      } catch {
        return [];
      }
      const out: string[] = [];
      for (const line of text.split('\n')) {
        const m = /Request \(file descriptor \d+\): (\S+) (\S+) HTTP/.exec(line);
        if (m) out.push(`${m[1]} ${m[2]}`);
      }
      return out;
    },
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, failed: () => string | null): Promise<void> {
  const listening = async () => {
    const why = failed();
    if (why) throw new Error(why);
    return new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
  };
  await waitFor(listening, {
    what: `tinyproxy to listen on ${port}`,
    timeoutMs: 10_000,
    everyMs: 50,
  });
}
