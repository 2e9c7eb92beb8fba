import type { Settings, SettingsPatch } from '../../shared/settings.ts';
import type { Api } from '../../shared/ipc.ts';
import { contextSlot } from '../lib/context.ts';
import { Operation } from '../lib/operation.svelte.ts';

/** The user's settings as the main process holds them; every change comes back as an event. */
export class SettingsState {
  current = $state<Settings | null>(null);
  /** Reading and saving the settings; its error is the main process's refusal, in its words. */
  readonly op = new Operation();
  savedAt = $state<number | null>(null);

  readonly #api: Api;

  readonly #stops: (() => void)[] = [];

  constructor(api: Api) {
    this.#api = api;
    this.#stops.push(api.on('settings.changed', (settings) => (this.current = settings)));
    this.#api.invoke('settings.get', {}).then(
      (settings) => (this.current = settings),
      (error: Error) => this.op.fail(error.message),
    );
  }

  /** Ends its subscriptions (the page's states end with the page: App.svelte). */
  dispose(): void {
    for (const stop of this.#stops.splice(0)) stop();
  }

  async update(patch: SettingsPatch): Promise<void> {
    const saved = await this.op.run(() => this.#api.invoke('settings.update', patch));
    if (!saved) return;
    this.current = saved;
    this.savedAt = Date.now();
  }
}

export const settingsContext = contextSlot<SettingsState>('settings');
