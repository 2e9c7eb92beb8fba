import type { Settings, SettingsPatch } from '../../shared/settings.ts';
import { api } from '../lib/api.ts';

/** The user's settings as the main process holds them; every change comes back as an event. */
class SettingsState {
  current = $state<Settings | null>(null);
  error = $state<string | null>(null);
  savedAt = $state<number | null>(null);

  constructor() {
    api.on('settings.changed', (settings) => (this.current = settings));
    api.invoke('settings.get', {}).then(
      (settings) => (this.current = settings),
      (error: Error) => (this.error = error.message),
    );
  }

  async update(patch: SettingsPatch): Promise<void> {
    try {
      this.current = await api.invoke('settings.update', patch);
      this.error = null;
      this.savedAt = Date.now();
    } catch (error) {
      this.error = (error as Error).message;
    }
  }
}

export const settings = new SettingsState();
