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
  const findings: ConnectionFinding[] = [
    {
      topic: 'Roadcam',
      ok: null,
      summary: `${deps.version} on ${platform()} ${release()} (${arch()}), Node ${process.versions.node}`,
    },
    {
      topic: 'Service',
      ok: null,
      summary: `${safeUrl(base.href)}${deps.demo ? ' (the embedded demo service)' : ''}`,
    },
  ];
  const choice = await network.proxyFor(base);
  findings.push({
    topic: 'Proxy',
    ok: null,
    summary: choice.proxy
      ? `through ${withoutPassword(choice.proxy)} (${choice.source})`
      : `none: connects directly (${choice.source})`,
  });
  findings.push(await dns(base.hostname));
  if (base.protocol === 'https:') findings.push(await certificate(base, network, choice.proxy));
  else findings.push({ topic: 'TLS', ok: null, summary: 'plain HTTP: no TLS to check' });
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

/** The report as plain text, one finding a line (and its advice under it). */
export function reportText(report: Omit<ConnectionReport, 'text'>): string {
  const lines = [`Roadcam connection report, ${report.at}`, ''];
  for (const f of report.findings) {
    const mark = f.ok === null ? '   ' : f.ok ? 'ok ' : 'FAIL';
    lines.push(`${mark.padEnd(4)} ${f.topic}: ${f.summary}`);
    if (f.advice) lines.push(`     -> ${f.advice}`);
  }
  lines.push(
    '',
    report.ok ? 'Everything checked works.' : 'Some checks failed: see the lines marked FAIL.',
  );
  return `${lines.join('\n')}\n`;
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
  if (isIP(bare)) return { topic: 'DNS', ok: null, summary: `${bare} is an address: no lookup` };
  const { value, error, ms } = await timed(() => lookup(bare, { all: true }));
  if (error) {
    return {
      topic: 'DNS',
      ok: false,
      summary: `${bare} was not found (${(error as NodeJS.ErrnoException).code ?? error.message})`,
      advice:
        'Check the service address in Settings; behind a proxy, the proxy may resolve names the computer cannot.',
    };
  }
  return {
    topic: 'DNS',
    ok: true,
    summary: `${bare} -> ${value!.map((a) => a.address).join(', ')} (${ms} ms)`,
  };
}

async function certificate(
  base: URL,
  network: Network,
  proxy: string | null,
): Promise<ConnectionFinding> {
  if (proxy) {
    return {
      topic: 'TLS',
      ok: null,
      summary:
        'not inspected here: the connection goes through the proxy (the checks below use it)',
    };
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
    return {
      topic: 'TLS',
      ok: false,
      summary: `no TLS connection to ${base.host} (${error.message})`,
    };
  const socket = value!;
  const chain: string[] = [];
  let cert = socket.getPeerCertificate(true);
  for (let i = 0; cert && i < 6 && Object.keys(cert).length > 0; i++) {
    chain.push(
      `${cert.subject?.CN ?? '?'} (issued by ${cert.issuer?.CN ?? '?'}, valid to ${cert.valid_to})`,
    );
    if (cert.issuerCertificate === cert) break;
    cert = cert.issuerCertificate;
  }
  const trusted = socket.authorized;
  const why = socket.authorizationError;
  const protocol = socket.getProtocol();
  socket.destroy();
  return {
    topic: 'TLS',
    ok: trusted,
    summary: `${protocol ?? 'TLS'}; ${trusted ? 'trusted' : `NOT trusted (${String(why)})`}; chain: ${chain.join(' <- ')}`,
    ...(trusted
      ? {}
      : {
          advice:
            'If your network inspects HTTPS (a company gateway or antivirus), add its CA certificate in Settings > Network > CA file (or --ca-file), or install it in the system store.',
        }),
  };
}

async function reach(client: ApiClient): Promise<ConnectionFinding> {
  const url = `${client.baseUrl}/v1/session`;
  const sentAt = client.requester.clock.localNow();
  const { value, error, ms } = await timed(() =>
    client.requester.network.fetch(url, { signal: AbortSignal.timeout(10_000) }),
  );
  if (error) {
    return {
      topic: 'Reach',
      ok: false,
      summary: `the service did not answer (${error.message})`,
      advice: 'Check the network connection, the proxy and the service address.',
    };
  }
  await value!.body?.cancel();
  client.requester.clock.observe(value!.headers.get('date'), sentAt);
  return {
    topic: 'Reach',
    ok: true,
    summary: `the service answered HTTP ${value!.status} in ${ms} ms`,
  };
}

async function operations(client: ApiClient): Promise<ConnectionFinding[]> {
  const checks: [string, () => Promise<unknown>][] = [
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
        ? { topic, ok: false, summary: error.message, advice: adviceFor(error) }
        : { topic, ok: true, summary: `reached (${ms} ms)` },
    );
  }
  return out;
}

function adviceFor(error: Error): string {
  if (error.name === 'AuthError')
    return 'Check the client id and secret of the account in Settings.';
  if (error.name === 'NetworkError') return 'See the proxy, DNS and TLS lines above.';
  return 'If this persists, send this report to the service provider.';
}

function token(client: ApiClient): ConnectionFinding {
  const expiresAt = client.requester.tokens.expiresAt;
  if (expiresAt === null) {
    return {
      topic: 'Token',
      ok: false,
      summary: 'none held',
      advice: 'Check the account in Settings.',
    };
  }
  const left = expiresAt - client.requester.clock.now();
  return {
    topic: 'Token',
    ok: true,
    summary: `held; valid for ${formatDuration(left / 1000)} more`,
  };
}

function clock(client: ApiClient): ConnectionFinding {
  const offset = client.requester.clock.offsetMs;
  const seconds = Math.round(offset / 1000);
  const far = Math.abs(offset) > 5 * 60_000;
  return {
    topic: 'Clock',
    // Roadcam reads every service time against the service's clock: a difference is not a fault.
    ok: null,
    summary:
      seconds === 0
        ? 'the service and this computer agree'
        : `the service is ${Math.abs(seconds)} s ${seconds > 0 ? 'ahead of' : 'behind'} this computer`,
    ...(far
      ? {
          advice:
            'Roadcam allows for it, but set this computer to the right time (automatic time).',
        }
      : {}),
  };
}

/**
 * The choices of the interface this service was seen to make where the interface leaves them open.
 */
function seen(client: ApiClient): ConnectionFinding {
  const parts: string[] = [];
  const prefix = client.collections.imagesPrefix;
  if (prefix !== undefined) {
    parts.push(`collection images under ${prefix === '' ? 'bare paths' : prefix}`);
  }
  for (const [kind, names] of Object.entries(client.refusedAggregations())) {
    if (names.length > 0)
      parts.push(`${kind} searches refuse the aggregations ${names.join(', ')}`);
  }
  return {
    topic: 'Interface',
    ok: null,
    summary: parts.length > 0 ? parts.join('; ') : 'nothing learnt yet beyond the interface',
  };
}
