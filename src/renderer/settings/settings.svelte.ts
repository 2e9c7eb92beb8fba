import { settingsPatchSchema, type Settings, type SettingsPatch } from '../../shared/settings.ts';
import type { Api } from '../../shared/ipc.ts';
import { contextSlot } from '../lib/context.ts';
import { FieldChecks } from '../lib/field-checks.svelte.ts';
import { Operation } from '../lib/operation.svelte.ts';
import { settingWords } from './setting-words.ts';

/** The user's settings as the main process holds them; every change comes back as an event. */
export class SettingsState {
  current = $state<Settings | null>(null);
  /** Reading the settings. */
  readonly op = new Operation();
  /**
   * Each field's note: why its value was not saved (against the setting's rule, found as it is
   * typed; refused by the engine: Cancel in the confirmation dialog, browser mode), or that it
   * was. A refused value stays typed in its field until it is corrected.
   */
  readonly fields = new FieldChecks<keyof Settings>(settingsPatchSchema, settingWords);

  readonly #api: Api;

  readonly #stops: (() => void)[] = [];

  constructor(api: Api) {
    this.#api = api;
    this.#stops.push(api.on('settings.changed', (settings) => (this.current = settings)));
    this.#api.invoke('settings.get', {}).then(
      (settings) => (this.current = settings),
      (error: Error) => this.op.fail(error),
    );
  }

  get problems(): Partial<Record<keyof Settings, string>> {
    return this.fields.problems;
  }

  get saved(): Partial<Record<keyof Settings, true>> {
    return this.fields.saved;
  }

  /** Ends its subscriptions (the page's states end with the page: App.svelte). */
  dispose(): void {
    for (const stop of this.#stops.splice(0)) stop();
  }

  /** A field's value as it is being typed: its rule is said at once. */
  typing<K extends keyof Settings>(field: K, value: Settings[K]): void {
    this.fields.typing(field, value);
  }

  /**
   * Saves the patch once every field of it keeps its rule: the settings saved, or undefined
   * with why not at the fields. Settings that reach the machine are asked about first by the
   * engine (src/engine/consent/), whose refusal comes back in words.
   */
  async update(patch: SettingsPatch): Promise<Settings | undefined> {
    const saved = await this.fields.send(patch, () => this.#api.invoke('settings.update', patch));
    if (saved) this.current = saved;
    return saved;
  }
}

export const settingsContext = contextSlot<SettingsState>('settings');
