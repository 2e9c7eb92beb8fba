/**
 * The connection report (`roadcam doctor`, Settings > Network > "Check connection"): what a
 * user can send to support when Roadcam cannot reach the service. Each finding says what was
 * checked, what was found and, when it failed, what to do. Nothing secret is in it: no token,
 * client secret, signed URL query or proxy password.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { arch, platform, release } from 'node:os';
import tls from 'node:tls';
import type { ApiClient } from '../api/client.ts';
import { redact, safeUrl } from '../api/errors.ts';
import type { ConnectionFinding, ConnectionReport } from '../../shared/ipc/app.ts';
import { english } from '../../shared/i18n/english.ts';
import { said, saidWithin, type Said } from '../../shared/i18n/translator.ts';
import {
  connectionReportText,
  findingWords,
  type ConnectionTopic,
  type FindingSaid,
} from '../../shared/connection-words.ts';
import type { Network } from '../net/network.ts';
import { formatDuration } from '../../shared/format.ts';

export interface DoctorDeps {
  client: ApiClient;
  network: Network;
  version: string;
  /** Demo mode: the embedded service. */
  demo: boolean;
}

export async function checkConnection(deps: DoctorDeps): Promise<ConnectionReport> {
  const { client, network } = deps;
  const base = new URL(client.baseUrl);
  const version = { version: deps.version, os: platform(), release: release(), arch: arch() };
  const findings: ConnectionFinding[] = [
    finding(
      'Roadcam',
      null,
      said('connection.version', { ...version, node: process.versions.node }),
    ),
    finding(
      'Service',
      null,
      said('connection.service', { url: safeUrl(base.href), demo: deps.demo ? 'yes' : 'no' }),
    ),
  ];
  const choice = await network.proxyFor(base);
  findings.push(
    finding(
      'Proxy',
      null,
      choice.proxy
        ? said('connection.proxy.through', {
            proxy: withoutPassword(choice.proxy),
            source: saidWithin(choice.source),
          })
        : said('connection.proxy.none', { source: saidWithin(choice.source) }),
    ),
  );
  findings.push(await dns(base.hostname));
  if (base.protocol === 'https:') findings.push(await certificate(base, network, choice.proxy));
  else findings.push(finding('TLS', null, said('connection.tls.plain')));
  findings.push(await reach(client));
  findings.push(...(await operations(client)));
  findings.push(token(client));
  findings.push(clock(client));
  findings.push(seen(client));
  const ok = findings.every((f) => f.ok !== false);
  const report = { at: new Date().toISOString(), ok, findings, text: '' };
  // Anything shaped like a token that a service's message echoed is cut out too.
  report.text = redact(reportText(report), []);
  return report;
}

/** The report as plain text in English, for support and the diagnostics bundle. */
export function reportText(report: Omit<ConnectionReport, 'text'>): string {
  return connectionReportText(report, (s) => english.say(s));
}

/** A finding: what was said of it, and its English (the log's, and older front ends'). */
function finding(
  topic: ConnectionTopic,
  ok: boolean | null,
  summary: Said | Said[],
  advice?: Said,
): ConnectionFinding {
  const words: FindingSaid = {
    summary: Array.isArray(summary) ? summary : [summary],
    ...(advice ? { advice } : {}),
  };
  return { topic, ok, ...findingWords(words, (s) => english.say(s)), said: words };
}

function withoutPassword(proxy: string): string {
  const url = new URL(proxy);
  if (url.password) url.password = '***';
  return url.href.replace(/\/$/, '');
}

async function timed<T>(work: () => Promise<T>): Promise<{ value?: T; error?: Error; ms: number }> {
  const started = performance.now();
  try {
    const value = await work();
    return { value, ms: Math.round(performance.now() - started) };
  } catch (error) {
    return { error: error as Error, ms: Math.round(performance.now() - started) };
  }
}

async function dns(host: string): Promise<ConnectionFinding> {
  const bare = host.replace(/^\[|\]$/g, '');
  if (isIP(bare)) return finding('DNS', null, said('connection.dns.address', { host: bare }));
  const { value, error, ms } = await timed(() => lookup(bare, { all: true }));
  if (error) {
    const code = (error as NodeJS.ErrnoException).code ?? error.message;
    return finding(
      'DNS',
      false,
      said('connection.dns.notFound', { host: bare, code }),
      said('connection.dns.advice'),
    );
  }
  const addresses = value!.map((a) => a.address).join(', ');
  return finding('DNS', true, said('connection.dns.found', { host: bare, addresses, ms }));
}

async function certificate(
  base: URL,
  network: Network,
  proxy: string | null,
): Promise<ConnectionFinding> {
  if (proxy) {
    return finding('TLS', null, said('connection.tls.proxied'));
  }
  const host = base.hostname.replace(/^\[|\]$/g, '');
  const port = Number(base.port) || 443;
  const { value, error } = await timed(
    () =>
      new Promise<tls.TLSSocket>((resolve, reject) => {
        const socket = tls.connect({
          host,
          port,
          servername: isIP(host) ? undefined : host,
          ca: network.trust.ca,
          rejectUnauthorized: false,
          timeout: 10_000,
        });
        socket.once('secureConnect', () => resolve(socket));
        socket.once('timeout', () => socket.destroy(new Error('no answer within 10 s')));
        socket.once('error', reject);
      }),
  );
  if (error)
    return finding(
      'TLS',
      false,
      said('connection.tls.none', { host: base.host, detail: error.message }),
    );
  const socket = value!;
  const chain: string[] = [];
  let cert = socket.getPeerCertificate(true);
  for (let i = 0; cert && i < 6 && Object.keys(cert).length > 0; i++) {
    // In X.509's own field names, as openssl prints them: the same in every language.
    chain.push(
      `${cert.subject?.CN ?? '?'} [issuer=${cert.issuer?.CN ?? '?'}, notAfter=${cert.valid_to}]`,
    );
    if (cert.issuerCertificate === cert) break;
    cert = cert.issuerCertificate;
  }
  const trusted = socket.authorized;
  const why = socket.authorizationError;
  const protocol = socket.getProtocol();
  socket.destroy();
  const found = said('connection.tls.found', {
    protocol: protocol ?? 'TLS',
    trusted: trusted ? 'yes' : 'no',
    why: String(why),
    chain: chain.join(' <- '),
  });
  return finding('TLS', trusted, found, trusted ? undefined : said('connection.tls.advice'));
}

async function reach(client: ApiClient): Promise<ConnectionFinding> {
  const url = `${client.baseUrl}/v1/session`;
  const sentAt = client.requester.clock.localNow();
  const { value, error, ms } = await timed(() =>
    client.requester.network.fetch(url, { signal: AbortSignal.timeout(10_000) }),
  );
  if (error) {
    return finding(
      'Reach',
      false,
      said('connection.reach.failed', { detail: detailOf(error) }),
      said('connection.reach.advice'),
    );
  }
  await value!.body?.cancel();
  client.requester.clock.observe(value!.headers.get('date'), sentAt);
  return finding('Reach', true, said('connection.reach.ok', { status: value!.status, ms }));
}

async function operations(client: ApiClient): Promise<ConnectionFinding[]> {
  const checks: [ConnectionTopic, () => Promise<unknown>][] = [
    ['Session', () => client.session()],
    ['Cameras', () => client.cameras.search({ limit: 1 })],
    ['Observations', () => client.observations.search({ limit: 1 })],
    ['Recordings', () => client.recordings.search({ limit: 1 })],
    ['Alerts', () => client.alerts.search({ limit: 1 })],
    ['Collections', () => client.collections.search({ limit: 1 })],
  ];
  const out: ConnectionFinding[] = [];
  for (const [topic, work] of checks) {
    const { error, ms } = await timed(work);
    out.push(
      error
        ? finding(topic, false, errorSaid(error), adviceFor(error))
        : finding(topic, true, said('connection.reached', { ms })),
    );
  }
  return out;
}

/** An error's words as a parameter: what it said (a proxy's refusal, say), else its message. */
function detailOf(error: Error): string {
  const known = (error as { said?: Said }).said;
  return known ? saidWithin(known) : error.message;
}

/** What the error said, or its words as they are when it has no code of the catalogue. */
function errorSaid(error: Error): Said {
  return (error as { said?: Said }).said ?? said('connection.error', { detail: error.message });
}

function adviceFor(error: Error): Said {
  if (error.name === 'AuthError') return said('connection.advice.auth');
  if (error.name === 'NetworkError') return said('connection.advice.network');
  return said('connection.advice.other');
}

function token(client: ApiClient): ConnectionFinding {
  const expiresAt = client.requester.tokens.expiresAt;
  if (expiresAt === null) {
    return finding('Token', false, said('connection.token.none'), said('connection.token.advice'));
  }
  const left = expiresAt - client.requester.clock.now();
  return finding(
    'Token',
    true,
    said('connection.token.held', { left: formatDuration(left / 1000) }),
  );
}

function clock(client: ApiClient): ConnectionFinding {
  const offset = client.requester.clock.offsetMs;
  const seconds = Math.round(offset / 1000);
  const far = Math.abs(offset) > 5 * 60_000;
  const summary =
    seconds === 0
      ? said('connection.clock.agree')
      : said('connection.clock.apart', {
          seconds: Math.abs(seconds),
          direction: seconds > 0 ? 'ahead' : 'behind',
        });
  // Roadcam reads every service time against the service's clock: a difference is not a fault.
  return finding('Clock', null, summary, far ? said('connection.clock.advice') : undefined);
}

/**
 * The choices of the interface this service was seen to make where the interface leaves them open.
 */
function seen(client: ApiClient): ConnectionFinding {
  const parts: Said[] = [];
  const prefix = client.collections.imagesPrefix;
  if (prefix === '') parts.push(said('connection.interface.bare'));
  else if (prefix !== undefined) parts.push(said('connection.interface.images', { prefix }));
  for (const [kind, names] of Object.entries(client.refusedAggregations())) {
    if (names.length > 0)
      parts.push(said('connection.interface.refused', { kind, names: names.join(', ') }));
  }
  return finding('Interface', null, parts.length > 0 ? parts : said('connection.interface.none'));
}
