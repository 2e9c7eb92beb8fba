/** Cores that ask before a change reaches the machine: the desktop's dialog and browser mode. */
import { join } from 'node:path';
import { startCore, type Core, type CoreOptions } from '../../src/engine/core.ts';
import type { ConsentQuestion } from '../../src/engine/consent/gate.ts';
import type { DesktopBridge } from '../../src/engine/desktop.ts';
import { prepareTls } from '../../src/service/tls.ts';
import { tempDir } from './core.ts';

/** A desktop whose dialog records each question and answers as `answer` says at that moment. */
export interface RecordingDesktop {
  bridge: DesktopBridge;
  asked: ConsentQuestion[];
  /** What the user answers in the dialog: true for the agreeing button, false for Cancel. */
  answer: boolean;
  /** What the native folder picker returns. */
  picks: string | null;
}

export function recordingDesktop(): RecordingDesktop {
  const desktop: RecordingDesktop = {
    asked: [],
    answer: false,
    picks: null,
    bridge: {
      chooseFolder: () => Promise.resolve(desktop.picks),
      chooseFile: () => Promise.resolve(null),
      openPath: () => Promise.resolve(''),
      showItemInFolder: () => {},
      confirm: (question) => {
        desktop.asked.push(question);
        return Promise.resolve(desktop.answer);
      },
    },
  };
  return desktop;
}

/** A core on its own data folder, removed with it; `before` may write files there first. */
export async function coreIn(
  options: Omit<CoreOptions, 'dataDir'>,
  before: (dataDir: string) => void = () => {},
): Promise<Core & { cleanup(): Promise<void> }> {
  const dir = tempDir('roadcam-consent-');
  before(dir.path);
  const core = await startCore({ dataDir: dir.path, log: () => {}, ...options });
  return Object.assign(core, {
    async cleanup() {
      await core.close();
      dir.remove();
    },
  });
}

/** Where no service listens: enough for the settings, which need none. */
export const nowhere: CoreOptions['connection'] = {
  kind: 'remote',
  baseUrl: 'http://127.0.0.1:9',
  clientId: 'nobody',
  clientSecret: 'unused',
};

/** A PEM file of a CA certificate, as a company's TLS gateway hands out. */
export function caPemIn(dir: string): string {
  return prepareTls(true, join(dir, 'gateway'), '127.0.0.1', () => {}).caCertFile;
}
