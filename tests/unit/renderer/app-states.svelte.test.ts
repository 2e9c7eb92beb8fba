/**
 * The page's states (src/renderer/app-states.ts) subscribe to the main process's events; when
 * the page goes, each subscription ends with it, against a real core.
 */
import { describe, expect } from 'vitest';
import type { Api } from '../../../src/shared/ipc.ts';
import { createAppStates, disposeAppStates } from '../../../src/renderer/app-states.ts';
import { test } from '../../helpers/renderer-core.ts';
import { waitFor } from '../../helpers/wait.ts';

/** The core's Api, counting the subscriptions that are still live. */
function counting(api: Api): { api: Api; live: () => number } {
  let live = 0;
  const on: Api['on'] = (event, listener) => {
    live++;
    const stop = api.on(event, listener);
    let stopped = false;
    return () => {
      if (!stopped) live--;
      stopped = true;
      stop();
    };
  };
  return { api: { ...api, on }, live: () => live };
}

describe("the page's states", () => {
  test('end every subscription they made when the page goes', async ({ core }) => {
    const { api, live } = counting(core.api);
    const states = createAppStates(api);
    await waitFor(() => states.downloads.loaded && states.settings.current !== null, {
      what: 'the downloads and the settings to load',
    });
    expect(live()).toBeGreaterThanOrEqual(8);
    disposeAppStates(states);
    expect(live()).toBe(0);
  });
});
