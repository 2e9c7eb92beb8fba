/**
 * The settings that reach the machine (update feed, CA file, proxy, tile address, download
 * folder) change only with the user's consent: in the desktop app the main process's own dialog
 * asks, in browser mode the page is refused and told how, and a policy file may allow values.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { errorWords } from '../../../src/cli/error-words.ts';
import type { Settings, SettingsPatch } from '../../../src/shared/settings.ts';
import { caPemIn, coreIn, nowhere, recordingDesktop } from '../../helpers/consent.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function desktopCore() {
  const desktop = recordingDesktop();
  const core = await coreIn({ connection: nowhere, desktop: desktop.bridge });
  cleanups.push(() => core.cleanup());
  return { core, desktop };
}

/** One change of each guarded setting, and how its new value reads in the question. */
function guardedChanges(dataDir: string): { patch: SettingsPatch; shown: RegExp }[] {
  const ca = caPemIn(dataDir);
  return [
    {
      patch: { updateFeedUrl: 'https://updates.attacker.example/roadcam/' },
      shown:
        /^Update feed: from the built-in feed to https:\/\/updates\.attacker\.example\/roadcam\/$/m,
    },
    { patch: { caFile: ca }, shown: /^Extra CA certificates: from none to .*ca\.pem$/m },
    {
      patch: { proxyMode: 'none' },
      shown: /^Proxy: from the system's proxy settings to no proxy$/m,
    },
    {
      patch: { proxyUrl: 'http://proxy.example.com:3128' },
      shown: /^Proxy address: from none to http:\/\/proxy\.example\.com:3128$/m,
    },
    {
      patch: { tileUrl: 'http://127.0.0.1:8080/{z}/{x}/{y}.png' },
      shown:
        /^Map tiles URL: from https:\/\/tile\.openstreetmap\.org\/.* to http:\/\/127\.0\.0\.1:8080\//m,
    },
    {
      patch: { routingUrl: 'http://192.168.1.20:5000' },
      shown:
        /^Routing service address: from none \(straight lines\) to http:\/\/192\.168\.1\.20:5000$/m,
    },
    {
      patch: { downloadFolder: join(dataDir, 'elsewhere') },
      shown: /^Download folder: from your Downloads folder to .*elsewhere$/m,
    },
  ];
}

const pick = (settings: Settings, patch: SettingsPatch) =>
  Object.fromEntries(Object.keys(patch).map((k) => [k, settings[k as keyof Settings]]));

describe('the desktop app asks in its own dialog', () => {
  it('Cancel leaves each guarded setting as it was and says so at the field', async () => {
    const { core, desktop } = await desktopCore();
    const before = await core.api.invoke('settings.get', {});
    for (const { patch, shown } of guardedChanges(core.dataDir)) {
      desktop.asked.length = 0;
      await expect(core.api.invoke('settings.update', patch)).rejects.toThrow(
        /^Not changed: you declined the change in the confirmation dialog\.$/,
      );
      expect(desktop.asked).toHaveLength(1);
      const question = desktop.asked[0]!;
      expect(question.detail).toMatch(shown);
      expect(question.agree).toBe('Change');
      expect(question.title).toMatch(
        /^Change the (update feed|extra CA certificates|proxy|proxy address|map tiles URL|routing service address|download folder)\?$/,
      );
      expect(pick(await core.api.invoke('settings.get', {}), patch)).toEqual(pick(before, patch));
    }
  });

  it('the agreeing button changes it; the same value again, or another setting, asks nothing', async () => {
    const { core, desktop } = await desktopCore();
    desktop.answer = true;
    for (const { patch } of guardedChanges(core.dataDir)) {
      desktop.asked.length = 0;
      const saved = await core.api.invoke('settings.update', patch);
      expect(pick(saved, patch)).toEqual(patch);
      expect(desktop.asked).toHaveLength(1);
      // Sent again (a whole form saved at once): nothing changes, so nothing is asked.
      await core.api.invoke('settings.update', patch);
      expect(desktop.asked).toHaveLength(1);
    }
    desktop.asked.length = 0;
    await core.api.invoke('settings.update', { liveRefreshSeconds: 30, updateMode: 'notify' });
    expect(desktop.asked).toEqual([]);
  });

  it('shows a value from the page as it is: a line break cannot forge a line of the question', async () => {
    const { core, desktop } = await desktopCore();
    const forged = '/tmp/x\n\nThis change is safe: Roadcam checked it.\u202e';
    await expect(core.api.invoke('settings.update', { downloadFolder: forged })).rejects.toThrow(
      /declined/,
    );
    const lines = desktop.asked[0]!.detail.split('\n');
    expect(lines[0]).toBe(
      'Download folder: from your Downloads folder to /tmp/x\\u000a\\u000aThis change is safe: Roadcam checked it.\\u202e',
    );
    expect(lines.filter((l) => l.startsWith('This change is safe'))).toEqual([]);
  });

  it('asks once for a change of several guarded settings, naming each', async () => {
    const { core, desktop } = await desktopCore();
    await expect(
      core.api.invoke('settings.update', {
        proxyMode: 'manual',
        proxyUrl: 'http://proxy.example.com:3128',
      }),
    ).rejects.toThrow(/declined/);
    expect(desktop.asked).toHaveLength(1);
    expect(desktop.asked[0]!.title).toBe('Change the proxy and proxy address?');
    expect((await core.api.invoke('settings.get', {})).proxyMode).toBe('auto');
  });
});

describe('browser mode cannot ask, so the page is refused and told how', () => {
  it('refuses each guarded change in words: the settings command, or the policy file', async () => {
    const core = await coreIn({ connection: nowhere });
    cleanups.push(() => core.cleanup());
    const before = await core.api.invoke('settings.get', {});
    for (const { patch } of guardedChanges(core.dataDir)) {
      const setting = Object.keys(patch)[0]!;
      const error = await core.api.invoke('settings.update', patch).catch((e: Error) => e);
      expect((error as Error).message).toMatch(/^Not changed: in browser mode the page cannot/);
      expect((error as Error).message).toContain(`"roadcam settings set ${setting} VALUE"`);
      expect((error as Error).message).toContain(join(core.dataDir, 'policy.json'));
      // The value's placeholder is a word of the reader's language; the rest is typed as is.
      const german = await errorWords(error, { LANG: 'de_DE.UTF-8' });
      expect(german).toMatch(/^Nicht geändert: Im Browsermodus/);
      expect(german).toContain(`"roadcam settings set ${setting} WERT"`);
    }
    expect(await core.api.invoke('settings.get', {})).toEqual(before);
    // What does not reach the machine still changes from the page.
    const saved = await core.api.invoke('settings.update', { liveRefreshSeconds: 20 });
    expect(saved.liveRefreshSeconds).toBe(20);
  });

  it("allows the values the organisation's policy file names, and only those", async () => {
    const allowed = 'https://tiles.example.com/{z}/{x}/{y}.png';
    const core = await coreIn({ connection: nowhere }, (dataDir) =>
      writeFileSync(
        join(dataDir, 'policy.json'),
        JSON.stringify({ allow: { tileUrl: [allowed], downloadFolder: ['/srv/roadcam'] } }),
      ),
    );
    cleanups.push(() => core.cleanup());
    expect((await core.api.invoke('settings.update', { tileUrl: allowed })).tileUrl).toBe(allowed);
    await expect(
      core.api.invoke('settings.update', { tileUrl: 'https://other.example/{z}/{x}/{y}.png' }),
    ).rejects.toThrow(/browser mode/);
    const folder = await core.api.invoke('settings.update', { downloadFolder: '/srv/roadcam' });
    expect(folder.downloadFolder).toBe('/srv/roadcam');
  });

  it('a policy file that is not one allows nothing, and the log says why', async () => {
    const lines: string[] = [];
    const core = await coreIn({ connection: nowhere, log: (line) => lines.push(line) }, (dataDir) =>
      writeFileSync(join(dataDir, 'policy.json'), '{ "allow": { "tileUrl": "https://x/" } }'),
    );
    cleanups.push(() => core.cleanup());
    await expect(
      core.api.invoke('settings.update', { tileUrl: 'https://x/{z}/{x}/{y}.png' }),
    ).rejects.toThrow(/browser mode/);
    expect(lines.join('\n')).toMatch(/policy: .*policy\.json is not .*ignored/);
  });
});
