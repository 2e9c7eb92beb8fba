// @vitest-environment node
// Node's own WebSocket: jsdom's cannot talk to a ws server in the same process.
import { afterEach, expect, test } from 'vitest';
import { WebSocketServer } from 'ws';
import { inUserWords } from '../../../../src/renderer/lib/api.ts';
import { words } from '../../../../src/renderer/lib/words.svelte.ts';
import { createSocketApi } from '../../../../src/renderer/lib/ws-transport.ts';
import type { Api } from '../../../../src/shared/ipc.ts';

let server: WebSocketServer | undefined;

afterEach(async () => {
  await words.use('en');
  await new Promise((done) => (server ? server.close(done) : done(undefined)));
});

test('a call in flight when browser mode loses its host fails in the user’s language', async () => {
  // A host that drops the socket as soon as a call arrives, answering nothing.
  server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  server.on('connection', (socket) => socket.once('message', () => socket.terminate()));
  await new Promise((listening) => server!.once('listening', listening));
  const { port } = server.address() as { port: number };
  await words.use('de');

  const api: Api = inUserWords(createSocketApi(`ws://127.0.0.1:${port}`));
  const call = api.invoke('settings.get' as never, undefined as never);

  await expect(call).rejects.toThrow(
    'Die Verbindung zu Roadcam ist unterbrochen; neue Verbindung wird aufgebaut. Versuchen Sie es erneut.',
  );
});
