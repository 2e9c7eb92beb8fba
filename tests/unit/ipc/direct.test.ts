import { describe, expect } from 'vitest';
import { offlineCoreTest as test } from '../../helpers/fixtures.ts';
import { IpcError } from '../../../src/shared/ipc.ts';
import type { Settings } from '../../../src/shared/settings.ts';

describe('the direct transport (CLI and tests)', () => {
  test('answers a valid call', async ({ core }) => {
    const status = await core.api.invoke('app.status', {});
    expect(status).toMatchObject({
      mode: 'remote',
      serviceUrl: 'http://127.0.0.1:9',
      online: false,
    });
    expect(status.checkedAt).not.toBeNull();
  });

  test('refuses invalid input with the validation message', async ({ core }) => {
    const call = core.api.invoke('settings.update', { liveRefreshSeconds: 1 });
    await expect(call).rejects.toBeInstanceOf(IpcError);
    await expect(call).rejects.toThrow(/liveRefreshSeconds: .*2/);
  });

  test('delivers events, and stops after unsubscribing', async ({ core }) => {
    const seen: Settings[] = [];
    const off = core.api.on('settings.changed', (s) => seen.push(s));
    await core.api.invoke('settings.update', { liveRefreshSeconds: 30 });
    off();
    await core.api.invoke('settings.update', { liveRefreshSeconds: 40 });
    expect(seen.map((s) => s.liveRefreshSeconds)).toEqual([30]);
    expect((await core.api.invoke('settings.get', {})).liveRefreshSeconds).toBe(40);
  });
});
