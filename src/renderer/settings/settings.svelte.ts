import type { GuardedSetting, Settings, SettingsPatch } from '../../shared/settings.ts';
import type { Api } from '../../shared/ipc.ts';
import { contextSlot } from '../lib/context.ts';
import { Operation } from '../lib/operation.svelte.ts';

/** The user's settings as the main process holds them; every change comes back as an event. */
export class SettingsState {
  current = $state<Settings | null>(null);
  /** Reading and saving the settings; its error is the main process's refusal, in its words. */
  readonly op = new Operation();
  savedAt = $state<number | null>(null);
  /**
   * Why the last change of a setting that reaches the machine was not made (Cancel in the
   * confirmation dialog, browser mode, a value that cannot work), shown at its field.
   */
  problems = $state<Partial<Record<GuardedSetting, string>>>({});

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

  /** Forgets the field's refusal (its value is being typed again). */
  forget(field: GuardedSetting): void {
    this.problems = Object.fromEntries(Object.entries(this.problems).filter(([k]) => k !== field));
  }

  /**
   * Changes settings that reach the machine (the main process asks the user first): the answer,
   * or undefined with the refusal kept for the fields of the patch.
   */
  async guarded(patch: Partial<Pick<Settings, GuardedSetting>>): Promise<Settings | undefined> {
    const fields = Object.keys(patch) as GuardedSetting[];
    const others = Object.entries(this.problems).filter(([k]) => !(fields as string[]).includes(k));
    try {
      const saved = await this.#api.invoke('settings.update', patch);
      this.problems = Object.fromEntries(others);
      this.current = saved;
      this.savedAt = Date.now();
      return saved;
    } catch (error) {
      const message = (error as Error).message;
      this.problems = {
        ...Object.fromEntries(others),
        ...Object.fromEntries(fields.map((f) => [f, message])),
      };
      return undefined;
    }
  }
}

export const settingsContext = contextSlot<SettingsState>('settings');
