/**
 * The pieces of undici the network needs at start, loaded alone. The package's index loads all
 * of it (mock agents, caches, interceptors, WebSocket, EventSource, fetch): 31 MB of RSS in a
 * bare Node 24, against 16 MB for these; a batch of 10,000 files has ~35 MB to spare under its
 * 150 MB. `fetch` (the status check and raster tiles) loads the index on its first call.
 */
// undici's files come without types of their own: they are the package's, given below.
// @ts-expect-error TS7016
import AgentFile from 'undici/lib/dispatcher/agent.js';
// @ts-expect-error TS7016
import ProxyAgentFile from 'undici/lib/dispatcher/proxy-agent.js';
// @ts-expect-error TS7016
import DispatcherFile from 'undici/lib/dispatcher/dispatcher.js';
// @ts-expect-error TS7016
import api from 'undici/lib/api/index.js';
// @ts-expect-error TS7016
import buildConnectorFile from 'undici/lib/core/connect.js';
import type * as Undici from 'undici';

// `request` and the other calls live on every dispatcher's prototype, put there by the index
// (the same modules: loading the index later assigns them again, to the same effect).
Object.assign((DispatcherFile as typeof Undici.Dispatcher).prototype, api as object);

export const Agent = AgentFile as typeof Undici.Agent;
export const ProxyAgent = ProxyAgentFile as typeof Undici.ProxyAgent;
export type Agent = Undici.Agent;
export type ProxyAgent = Undici.ProxyAgent;
export const buildConnector = buildConnectorFile as typeof Undici.buildConnector;
export type Connector = Undici.buildConnector.connector;

/** undici's fetch, loaded on first use. */
export async function undiciFetch(
  ...args: Parameters<typeof Undici.fetch>
): ReturnType<typeof Undici.fetch> {
  const undici = await import('undici');
  return undici.fetch(...args);
}
