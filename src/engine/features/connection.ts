import { checkConnection } from '../connection/check.ts';
import { appVersion } from '../version.ts';
import type { CoreParts, Feature } from './feature.ts';

export type ConnectionChannels = 'app.status' | 'app.checkConnection' | 'app.connectionReport';

/**
 * Whether the service answers: checked once at start (the features started before it hear the
 * first app.statusChanged, and the collections sync on it), then every `intervalMs`.
 *
 * With `intervalMs` null (the CLI) nothing is checked unless asked: a command's sign-in and
 * first calls need nothing the check learns (the service's clock is read from their own
 * answers), so waiting for it was a round trip before every command's first byte; a command
 * learns that the service is down from its own calls, and has no use for the kept collections'
 * background sync that the first "online" starts.
 */
export function connectionFeature(
  {
    connection,
    client,
    network,
    service,
  }: Pick<CoreParts, 'connection' | 'client' | 'network' | 'service'>,
  intervalMs: number | null,
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
      if (intervalMs === null) return;
      await connection.check();
      connection.startChecking(intervalMs);
    },
    close: () => connection.stopChecking(),
  };
}
