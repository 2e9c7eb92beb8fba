import type { Settings, SettingsPatch } from '../../shared/settings.ts';
import { networkOptions, proxyPasswordFor } from '../net/choice.ts';
import type { CoreParts } from './feature.ts';

export type SettingsChangeParts = Pick<
  CoreParts,
  'consent' | 'credentials' | 'log' | 'network' | 'networkOverrides' | 'settings'
>;

/**
 * The one way a patch of the settings is applied, by the app's channel and by `roadcam settings
 * set`: the guarded settings are agreed to first (nothing changes before), a proxy or CA file
 * that cannot work is refused with its reason, then the patch is saved.
 */
export async function changeSettings(
  parts: SettingsChangeParts,
  patch: SettingsPatch,
): Promise<Settings> {
  const { consent, credentials, log, network, networkOverrides, settings } = parts;
  await consent.settings(settings.get(), patch);
  if ('proxyMode' in patch || 'proxyUrl' in patch || 'caFile' in patch) {
    const wanted = { ...settings.get(), ...patch };
    const proxyPassword = await proxyPasswordFor(wanted, credentials, log);
    network.choose({ ...networkOptions(networkOverrides, wanted), proxyPassword });
  }
  return settings.update(patch);
}
