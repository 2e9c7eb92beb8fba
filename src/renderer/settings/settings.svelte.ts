import type { Settings, SettingsPatch } from '../../shared/settings.ts';
import type { Api } from '../../shared/ipc.ts';
import { contextSlot } from '../lib/context.ts';

/** The user's settings as the main process holds them; every change comes back as an event. */
export class SettingsState {
  current = $state<Settings | null>(null);
  error = $state<string | null>(null);
  savedAt = $state<number | null>(null);

  readonly #api: Api;

  constructor(api: Api) {
    this.#api = api;
    api.on('settings.changed', (settings) => (this.current = settings));
    this.#api.invoke('settings.get', {}).then(
      (settings) => (this.current = settings),
      (error: Error) => (this.error = error.message),
    );
  }

  async update(patch: SettingsPatch): Promise<void> {
    try {
      this.current = await this.#api.invoke('settings.update', patch);
      this.error = null;
      this.savedAt = Date.now();
    } catch (error) {
      this.error = (error as Error).message;
    }
  }
}

export const settingsContext = contextSlot<SettingsState>('settings');
