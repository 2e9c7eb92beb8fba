import { checkConnection } from '../net/doctor.ts';
import { appVersion } from '../version.ts';
import type { CoreParts, Feature } from './feature.ts';

export type ConnectionChannels = 'app.status' | 'app.checkConnection' | 'app.connectionReport';

/**
 * Whether the service answers: checked once at start (the features started before it hear the
 * first app.statusChanged, and the collections sync on it), then every `intervalMs`.
 */
export function connectionFeature(
  {
    connection,
    client,
    network,
    service,
  }: Pick<CoreParts, 'connection' | 'client' | 'network' | 'service'>,
  intervalMs: number,
): Feature<ConnectionChannels> {
  return {
    name: 'connection checks',
    handlers: {
      'app.status': () => connection.status(),
      'app.checkConnection': () => connection.check(),
      'app.connectionReport': () =>
        checkConnection({ client, network, version: appVersion, demo: service.mode === 'demo' }),
    },
    async start() {
      await connection.check();
      connection.startChecking(intervalMs);
    },
    close: () => connection.stopChecking(),
  };
}
