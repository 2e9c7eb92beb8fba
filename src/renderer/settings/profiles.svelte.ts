import {
  profileChannels,
  type ConnectionTest,
  type ProfilesView,
} from '../../shared/ipc/profiles.ts';
import type { Api } from '../../shared/ipc.ts';
import { contextSlot } from '../lib/context.ts';
import { FieldChecks } from '../lib/field-checks.svelte.ts';
import type { FieldWords } from '../lib/field-rules.ts';
import { failureWords } from '../lib/notice.ts';
import { Operation } from '../lib/operation.svelte.ts';
import { t } from '../lib/words.svelte.ts';

export interface NewProfile {
  name: string;
  baseUrl: string;
  clientId: string;
  clientSecret: string;
}

/** Each field of a new account in words (its rules are the contract's, profiles.save). */
const accountWords: Record<keyof NewProfile, FieldWords> = {
  name: {
    get form() {
      return t('settings.rule.accountName');
    },
  },
  baseUrl: {
    get form() {
      return t('settings.rule.accountUrl');
    },
  },
  clientId: {
    get empty() {
      return t('settings.rule.clientId');
    },
  },
  clientSecret: {
    get empty() {
      return t('settings.rule.clientSecret');
    },
  },
};

/** The accounts section of Settings; the secret typed in goes to the main process and no further. */
export class ProfilesState {
  readonly #api: Api;

  constructor(api: Api) {
    this.#api = api;
  }

  state = $state<ProfilesView | null>(null);
  /** Listing, removing and choosing accounts (a connection test reports on its own). */
  readonly op = new Operation();
  /** The new account's fields: why one is not right, at the field, as it is typed and on Save. */
  readonly draft = new FieldChecks<keyof NewProfile>(
    profileChannels['profiles.save'].input,
    accountWords,
  );
  /** The account just saved, said under the form. */
  savedName = $state<string | null>(null);
  tests = $state<Record<string, ConnectionTest | 'running'>>({});
  /** Set after a switch: where to, and whether the desktop app restarts by itself. */
  #switched = $state<{ account: string | null; desktop: boolean } | null>(null);

  /** After a switch, what happens next (restart now, or restart browser mode by hand). */
  get switching(): string | null {
    if (!this.#switched) return null;
    const { account, desktop } = this.#switched;
    const params = { demo: account === null ? 'yes' : 'no', name: account ?? '' };
    return desktop
      ? t('settings.accounts.restarting', params)
      : t('settings.accounts.restartWeb', { ...params, command: 'npm run web' });
  }

  set switching(value: null) {
    this.#switched = value;
  }

  async load(): Promise<void> {
    await this.#run(() => this.#api.invoke('profiles.list', {}));
  }

  async save(profile: NewProfile): Promise<boolean> {
    this.savedName = null;
    const state = await this.draft.send(profile, () => this.#api.invoke('profiles.save', profile));
    if (!state) return false;
    this.state = state;
    this.draft.reset();
    this.savedName = profile.name;
    return true;
  }

  async remove(name: string): Promise<void> {
    await this.#run(() => this.#api.invoke('profiles.remove', { name }));
  }

  async test(name: string): Promise<void> {
    this.tests[name] = 'running';
    try {
      this.tests[name] = await this.#api.invoke('profiles.test', { name });
    } catch (error) {
      // The failure's words are read when drawn: they follow a change of language.
      const said = failureWords(error);
      this.tests[name] = {
        ok: false,
        get message() {
          return said();
        },
      };
    }
  }

  async use(
    choice: { demo: true } | { demo: false; name: string },
    desktop: boolean,
  ): Promise<void> {
    const ok = await this.#run(() => this.#api.invoke('profiles.use', choice));
    if (!ok) return;
    this.#switched = { account: choice.demo ? null : choice.name, desktop };
  }

  async #run(call: () => Promise<ProfilesView>): Promise<boolean> {
    const state = await this.op.run(call);
    if (state) this.state = state;
    return state !== undefined;
  }
}

export const profilesContext = contextSlot<ProfilesState>('profiles');
