/**
 * Browser mode signed in to a hostile service (tests/helpers/hostile-peer.ts): each answer the
 * page asks for through the host fails in words, and the host (the main process) lives on and
 * keeps answering, its memory bounded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Core } from '../../../src/engine/core.ts';
import { startWebHost, type WebHost } from '../../../src/web/host.ts';
import { startAccountCore, tempDir } from '../../helpers/core.ts';
import {
  EMPTY_SEARCH,
  endless,
  errorPage,
  gzipBomb,
  polite,
  startHostilePeer,
  type HostilePeer,
} from '../../helpers/hostile-peer.ts';

const token = 'hostile-test-token-0123456789';
const dir = tempDir('roadcam-hostile-web-');
let peer: HostilePeer;
let core: Core;
let host: WebHost;

beforeAll(async () => {
  peer = await startHostilePeer();
  core = await startAccountCore(dir.path, peer.url);
  host = await startWebHost({ core, staticDir: dir.path, token });
});
afterAll(async () => {
  await host.close();
  await core.close();
  await peer.close();
  dir.remove();
});

interface Answer {
  ok: boolean;
  value?: unknown;
  error?: { code: string; message: string };
}

/** One IPC call through the host's WebSocket, as the page makes it. */
async function call(channel: string, input: unknown): Promise<Answer> {
  const ws = new WebSocket(`ws://127.0.0.1:${host.port}/ipc?token=${token}`, {
    headers: { Origin: host.origin },
  });
  try {
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const answered = new Promise<Answer>((resolve) =>
      ws.on('message', (data) => {
        const frame = JSON.parse(String(data)) as { id?: number; response?: Answer };
        if (frame.id === 1 && frame.response) resolve(frame.response);
      }),
    );
    ws.send(JSON.stringify({ id: 1, channel, input }));
    return await answered;
  } finally {
    ws.close();
  }
}

describe('browser mode against a hostile service', () => {
  it('a search answered by a gzip bomb fails in words; the host answers the next call', async () => {
    // 2 MB on the wire, 2 GB decoded.
    peer.others = gzipBomb(2048);
    const before = process.memoryUsage().rss;
    const answer = await call('cameras.search', { limit: 2 });
    expect(answer.ok).toBe(false);
    expect(answer.error?.message).toMatch(/sent more than 64 MB for one answer/);
    // Nothing near the 2 GB the answer decodes to was ever held.
    expect(process.memoryUsage().rss - before).toBeLessThan(400 * 1024 * 1024);

    peer.others = polite(EMPTY_SEARCH);
    const next = await call('cameras.search', { limit: 2 });
    expect(next.ok, JSON.stringify(next.error)).toBe(true);
  });

  it('an answer that never ends fails in words at its cap', async () => {
    let sent = 0;
    peer.others = endless((n) => (sent += n));
    const answer = await call('cameras.search', { limit: 2 });
    expect(answer.error?.message).toMatch(/sent more than 64 MB/);
    // The peer was stopped near the cap, not read to its end (it has none).
    expect(sent).toBeLessThan(200 * 1024 * 1024);
  });

  it('a 502 page of megabytes of comments gives its words, quickly read', async () => {
    peer.others = errorPage(5);
    const answer = await call('cameras.search', { limit: 2 });
    expect(answer.error?.message).toMatch(/Bad gateway/);
    expect(answer.error?.message).not.toMatch(/!--/);
  });
});
