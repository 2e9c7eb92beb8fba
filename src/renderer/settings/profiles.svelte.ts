import type { ConnectionTest, ProfilesView } from '../../shared/ipc/profiles.ts';
import type { Api } from '../../shared/ipc.ts';
import { contextSlot } from '../lib/context.ts';
import { Operation } from '../lib/operation.svelte.ts';

export interface NewProfile {
  name: string;
  baseUrl: string;
  clientId: string;
  clientSecret: string;
}

/** The accounts section of Settings; the secret typed in goes to the main process and no further. */
export class ProfilesState {
  readonly #api: Api;

  constructor(api: Api) {
    this.#api = api;
  }

  state = $state<ProfilesView | null>(null);
  /** Listing, saving, removing and choosing accounts (a connection test reports on its own). */
  readonly op = new Operation();
  tests = $state<Record<string, ConnectionTest | 'running'>>({});
  /** Set after a switch: what happens next (restart now, or restart browser mode by hand). */
  switching = $state<string | null>(null);

  async load(): Promise<void> {
    await this.#run(() => this.#api.invoke('profiles.list', {}));
  }

  async save(profile: NewProfile): Promise<boolean> {
    return this.#run(() => this.#api.invoke('profiles.save', profile));
  }

  async remove(name: string): Promise<void> {
    await this.#run(() => this.#api.invoke('profiles.remove', { name }));
  }

  async test(name: string): Promise<void> {
    this.tests[name] = 'running';
    try {
      this.tests[name] = await this.#api.invoke('profiles.test', { name });
    } catch (error) {
      this.tests[name] = { ok: false, message: (error as Error).message };
    }
  }

  async use(
    choice: { demo: true } | { demo: false; name: string },
    desktop: boolean,
  ): Promise<void> {
    const ok = await this.#run(() => this.#api.invoke('profiles.use', choice));
    if (!ok) return;
    const what = choice.demo ? 'demo mode' : `the account ${choice.name}`;
    this.switching = desktop
      ? `Roadcam restarts to switch to ${what}…`
      : `Saved. Restart \`npm run web\` to switch to ${what}.`;
  }

  async #run(call: () => Promise<ProfilesView>): Promise<boolean> {
    const state = await this.op.run(call);
    if (state) this.state = state;
    return state !== undefined;
  }
}

export const profilesContext = contextSlot<ProfilesState>('profiles');
