/**
 * The OS keychain, through keytar. The only module that imports keytar (the package was
 * archived in 2022): swapping it for Electron's safeStorage or @napi-rs/keyring is this file.
 * There is deliberately no fallback: without a keychain, secrets are not stored at all.
 */

import type * as KeytarModule from 'keytar';
import { english } from '../../shared/i18n/english.ts';
import { said, type Said } from '../../shared/i18n/translator.ts';

export const KEYCHAIN_SERVICE = 'roadcam';

export interface Keychain {
  get(account: string): Promise<string | null>;
  set(account: string, value: string): Promise<void>;
  delete(account: string): Promise<boolean>;
}

/** No keychain could be used; the message says what to install or unlock. */
export class KeychainUnavailableError extends Error {
  readonly detail: string;

  /** What it means with the advice of this platform, for the user's language. */
  readonly said: Said;

  constructor(detail: string, platform = process.platform) {
    const words = said('auth.noKeychain', { detail, platform });
    super(english.say(words));
    this.name = 'KeychainUnavailableError';
    this.detail = detail;
    this.said = words;
  }
}

type Keytar = typeof KeytarModule;
let loaded: Promise<Keytar> | undefined;

/** keytar is loaded on first use: a missing libsecret must become an error here, not a crash at start. */
function loadKeytar(): Promise<Keytar> {
  loaded ??= import('keytar').then(
    (m) => ((m as { default?: Keytar }).default ?? m) as Keytar,
    (error: unknown) => {
      loaded = undefined;
      throw new KeychainUnavailableError(`keytar could not load: ${firstLine(error)}`);
    },
  );
  return loaded;
}

async function call<T>(work: (k: Keytar) => Promise<T>): Promise<T> {
  const keytar = await loadKeytar();
  try {
    return await work(keytar);
  } catch (error) {
    throw new KeychainUnavailableError(firstLine(error));
  }
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0]!.trim();
}

/** The OS keychain under one service name ("roadcam"; tests use their own). */
export function osKeychain(service = KEYCHAIN_SERVICE): Keychain {
  return {
    get: (account) => call((k) => k.getPassword(service, account)),
    set: (account, value) => call((k) => k.setPassword(service, account, value)),
    delete: (account) => call((k) => k.deletePassword(service, account)),
  };
}

/**
 * Whether secrets can be written and read back. Reading alone is not enough: a Secret Service
 * without a default keyring answers reads and refuses writes.
 */
export async function probeKeychain(service = `${KEYCHAIN_SERVICE}-probe`): Promise<string | null> {
  const keychain = osKeychain(service);
  const account = `probe-${process.pid}`;
  try {
    await keychain.set(account, 'probe');
    const back = await keychain.get(account);
    await keychain.delete(account);
    return back === 'probe' ? null : 'the keychain did not return what was stored';
  } catch (error) {
    return error instanceof KeychainUnavailableError ? error.detail : firstLine(error);
  }
}
