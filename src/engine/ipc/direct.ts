import { unwrap, type Api } from '../../shared/ipc.ts';
import type { EventHub } from '../events.ts';
import type { Dispatch } from './dispatcher.ts';

/**
 * The in-process transport (CLI and tests): the same dispatcher, so input is validated exactly
 * as it is for a renderer. Values are passed through a JSON round trip so that a caller sees what
 * a renderer would see, and cannot share mutable state with the core.
 */
export function createDirectApi(dispatch: Dispatch, hub: EventHub): Api {
  return {
    async invoke(channel, input) {
      const response = await dispatch(channel, input);
      return unwrap(JSON.parse(JSON.stringify(response)) as typeof response) as never;
    },
    on(event, listener) {
      return hub.on(event, (payload) => listener(structuredClone(payload)));
    },
  };
}
