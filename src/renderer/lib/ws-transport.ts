import {
  IpcError,
  isEventName,
  unwrap,
  type Api,
  type EventName,
  type IpcResponse,
} from '../../shared/ipc.ts';
import { said } from '../../shared/i18n/translator.ts';

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type HostMessage = {
  id?: number;
  response?: IpcResponse<unknown>;
  event?: string;
  payload?: unknown;
  error?: string;
};

export interface SocketState {
  connected: boolean;
}

/**
 * Browser mode's transport of the IPC contract: one WebSocket to the host that printed our URL.
 * Calls made while (re)connecting wait for the socket; a lost socket fails the calls in flight
 * with a message saying so, and reconnects with backoff.
 */
export function createSocketApi(
  url: string,
  onState: (state: SocketState) => void = () => {},
): Api {
  const pending = new Map<number, Pending>();
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  const queue: string[] = [];
  let nextId = 1;
  let socket: WebSocket;
  let retryMs = 250;

  const connect = () => {
    socket = new WebSocket(url);
    socket.addEventListener('open', () => {
      retryMs = 250;
      onState({ connected: true });
      for (const message of queue.splice(0)) socket.send(message);
    });
    socket.addEventListener('message', (event) => receive(String(event.data)));
    socket.addEventListener('close', () => {
      onState({ connected: false });
      for (const [id, call] of pending) {
        call.reject(
          new IpcError({
            code: 'failed',
            message: 'Lost the connection to Roadcam; reconnecting. Try again.',
            // Said in the user's language by inUserWords (api.ts), as the core's failures are.
            said: said('shell.connectionLost'),
          }),
        );
        pending.delete(id);
      }
      setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, 5000);
    });
  };

  const receive = (text: string) => {
    const message = JSON.parse(text) as HostMessage;
    if (typeof message.id === 'number' && message.response) {
      const call = pending.get(message.id);
      pending.delete(message.id);
      try {
        call?.resolve(unwrap(message.response));
      } catch (error) {
        call?.reject(error as Error);
      }
    } else if (isEventName(message.event)) {
      for (const listener of listeners.get(message.event) ?? []) listener(message.payload);
    } else if (message.error) {
      console.error(`Roadcam host: ${message.error}`);
    }
  };

  connect();

  return {
    invoke(channel, input) {
      const id = nextId++;
      const text = JSON.stringify({ id, channel, input });
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        if (socket.readyState === WebSocket.OPEN) socket.send(text);
        else queue.push(text);
      });
    },
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) {
        set = new Set();
        listeners.set(event, set);
      }
      const entry = listener as (payload: unknown) => void;
      set.add(entry);
      return () => set.delete(entry);
    },
  };
}
