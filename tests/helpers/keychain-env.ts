/**
 * Whether this run has a usable keychain. Outside a Secret Service the keychain tests skip
 * and say why; under `npm test` (ROADCAM_KEYRING=gnome-keyring) a missing keychain is a failure.
 */
import { probeKeychain } from '../../src/engine/credentials/keychain.ts';

export const keychainProblem = await probeKeychain();
export const keychainRequired = process.env.ROADCAM_KEYRING === 'gnome-keyring';
export const skipKeychain = keychainProblem !== null && !keychainRequired;
export const skipReason = `no keychain: ${keychainProblem}`;

if (skipKeychain) {
  console.log(
    `SKIPPED: keychain tests (${skipReason}); run them under npm test or dbus-run-session with gnome-keyring`,
  );
}
