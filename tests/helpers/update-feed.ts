/**
 * An update feed as electron-builder publishes it for its generic provider, served from a
 * local HTTP(S) server: each channel's yml for each platform, written with electron-builder's
 * own writer (builder-util's serializeToYaml, js-yaml underneath), beside nothing else.
 */
import { createHash } from 'node:crypto';
import { createServer as createHttp, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttps } from 'node:https';
import type { AddressInfo } from 'node:net';
import { serializeToYaml } from 'builder-util';
import { prepareTls } from '../../src/service/tls.ts';
import { tempDir } from './core.ts';

/** The installers electron-builder's configuration makes on each platform (electron-builder.yml). */
function installers(version: string, platform: 'linux' | 'mac' | 'win'): string[] {
  if (platform === 'linux') return [`Roadcam-${version}.AppImage`, `roadcam_${version}_amd64.deb`];
  if (platform === 'mac') return [`Roadcam-${version}-mac.zip`, `Roadcam-${version}.dmg`];
  return [`Roadcam-Setup-${version}.exe`];
}

/** The UpdateInfo electron-builder writes for one release (updateInfoBuilder.ts). */
export function updateInfo(
  version: string,
  platform: 'linux' | 'mac' | 'win',
  releaseDate: string,
) {
  const files = installers(version, platform).map((url, i) => ({
    url,
    sha512: createHash('sha512').update(`${url}:${i}`).digest('base64'),
    size: 98_765_432 + i,
    ...(url.endsWith('.deb') ? {} : { blockMapSize: 104_321 + i }),
  }));
  return { version, files, path: files[0]!.url, sha512: files[0]!.sha512, releaseDate };
}

export interface FeedServer {
  /** The feed's folder, ending in /. */
  url: string;
  /** With tls: the CA file a client must trust (Settings › Network, extra CA certificates). */
  caFile: string | null;
  /** The paths asked for, in order. */
  requests: string[];
  /** Publishes a release on a channel: its yml for every platform, as electron-builder writes it. */
  publish(channel: 'latest' | 'beta', version: string, releaseDate?: string): void;
  /** Serves `body` at `name` (a broken feed), or never answers it (`'hang'`). */
  put(name: string, body: string | 'hang', status?: number): void;
  close(): Promise<void>;
}

export async function startFeedServer(options: { tls?: boolean } = {}): Promise<FeedServer> {
  const files = new Map<string, { body: string | 'hang'; status: number }>();
  const requests: string[] = [];
  const hanging = new Set<ServerResponse>();
  const dir = tempDir('roadcam-feed-');
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', 'http://feed').pathname;
    requests.push(path);
    const file = files.get(path.replace(/^\/desktop\//, ''));
    if (file?.body === 'hang') {
      hanging.add(response);
      return;
    }
    response.writeHead(file?.status ?? 404, { 'content-type': 'text/yaml' });
    response.end(file?.body ?? 'Not found');
  };
  const tls = options.tls ? prepareTls(true, dir.path, '127.0.0.1', () => {}) : null;
  const server = tls ? createHttps({ cert: tls.cert, key: tls.key }, handle) : createHttp(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const put: FeedServer['put'] = (name, body, status = 200) => files.set(name, { body, status });
  return {
    url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}/desktop/`,
    caFile: tls?.caCertFile ?? null,
    requests,
    put,
    publish(channel, version, releaseDate = '2026-11-20T10:00:00.000Z') {
      const platforms = [
        ['linux', `${channel}-linux.yml`],
        ['linux', `${channel}-linux-arm64.yml`],
        ['mac', `${channel}-mac.yml`],
        ['win', `${channel}.yml`],
      ] as const;
      for (const [platform, name] of platforms)
        put(name, serializeToYaml(updateInfo(version, platform, releaseDate)));
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      dir.remove();
    },
  };
}
