import type { ConnectionOptions } from './target.ts';
import type { DemoWorld } from './demo.ts';
import { savedSettings } from './saved-settings.ts';

/**
 * What the app connects to at start, as chosen in Settings: demo mode (the first start, with no
 * account), or the active account profile.
 */
export function connectionFromSettings(dataDir: string, world?: DemoWorld): ConnectionOptions {
  const settings = savedSettings(dataDir);
  if (settings.demoMode || settings.activeProfile === null) return { kind: 'demo', world };
  return { kind: 'profile', profile: settings.activeProfile };
}
