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

/** Reads begun before anyone asked (`readAhead`), by service and account: each taken once. */
const ahead = new Map<string, Promise<string | null>>();
const aheadKey = (service: string, account: string) => `${service}\n${account}`;

/**
 * Begins reading an entry that will be asked for soon, so that its round trip to the keychain
 * (D-Bus on Linux, some 30 ms) runs while other work does: a command's kept token while the
 * core's code loads. The next `get` of that entry takes this answer, once; a `set` or `delete`
 * of it in between drops it.
 */
export function readAhead(account: string, service = KEYCHAIN_SERVICE): void {
  const key = aheadKey(service, account);
  if (ahead.has(key)) return;
  const reading = call((k) => k.getPassword(service, account));
  // Its failure is the `get`'s that takes it; one never taken is no one's.
  reading.catch(() => {});
  ahead.set(key, reading);
}

/** The OS keychain under one service name ("roadcam"; tests use their own). */
export function osKeychain(service = KEYCHAIN_SERVICE): Keychain {
  const taken = (account: string): Promise<string | null> | undefined => {
    const key = aheadKey(service, account);
    const reading = ahead.get(key);
    ahead.delete(key);
    return reading;
  };
  /** A change of the entry: a read begun before it would answer what it was. */
  const drop = (account: string) => void taken(account);
  return {
    get: (account) => taken(account) ?? call((k) => k.getPassword(service, account)),
    set: (account, value) => {
      drop(account);
      return call((k) => k.setPassword(service, account, value));
    },
    delete: (account) => {
      drop(account);
      return call((k) => k.deletePassword(service, account));
    },
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
