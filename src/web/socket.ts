import type { WebSocket } from 'ws';
import type { Core } from '../engine/index.ts';

/** Client -> host: a call. Host -> client: its response, or an event. */
export type ClientMessage = { id: number; channel: string; input: unknown };
export type HostMessage =
  { id: number; response: unknown } | { event: string; payload: unknown } | { error: string };

/** Carries the IPC contract over one WebSocket: every call goes through the core's dispatcher. */
export function attachSocket(ws: WebSocket, core: Core): void {
  const send = (message: HostMessage) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
  };
  const unsubscribe = core.hub.onAny((event, payload) => send({ event, payload }));
  ws.on('close', unsubscribe);
  // A frame past maxPayload or one that breaks the protocol: ws closes this socket itself, with
  // the code that says why (1009, 1002), and the page reconnects. Unheard, the error would end
  // the whole host.
  ws.on('error', () => {});
  ws.on('message', (data, isBinary) => {
    const message = isBinary ? null : parseMessage(String(data));
    if (!message) {
      send({
        error:
          'Malformed message: expected JSON {"id": number, "channel": string, "input": value}.',
      });
      return;
    }
    void core
      .dispatch(message.channel, message.input)
      .then((response) => send({ id: message.id, response }));
  });
}

function parseMessage(text: string): ClientMessage | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { id, channel, input } = value as Record<string, unknown>;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || typeof channel !== 'string')
      return null;
    return { id, channel, input };
  } catch {
    return null;
  }
}
