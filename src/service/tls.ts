/**
 * HTTPS for the embedded service: a private CA and a server certificate signed by it,
 * made at first start with Debian's `openssl` program (Node can read certificates but cannot
 * make them, and a package for it would be one more thing to trust), kept in `<dataDir>/tls/`
 * and reused until they expire or the names they cover change. The certificates are checked
 * with Node's own X509Certificate, so only their making depends on openssl.
 */
import { createPrivateKey, randomBytes, X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { issueServerCert, makeCaFiles } from './tls-openssl.ts';

/** `true`: the service's own CA in `<dataDir>/tls/`; or a CA of yours that signs its certificate. */
export type TlsOption = boolean | { caCertFile: string; caKeyFile: string };

export interface ServiceTls {
  /** PEM of the server certificate and its key, for https.createServer */
  cert: string;
  key: string;
  /** PEM of the CA a client must trust, and the file it is in */
  caCertPem: string;
  caCertFile: string;
}

/** A certificate this close to its end is remade now rather than fail in the middle of a run. */
const RENEW_MARGIN_MS = 24 * 3600_000;

/** Refuses an option of the wrong shape, saying what is expected. */
export function validateTlsOption(tls: unknown): void {
  if (tls === undefined || typeof tls === 'boolean') return;
  const o = tls as Record<string, unknown> | null;
  if (
    typeof o !== 'object' ||
    o === null ||
    typeof o['caCertFile'] !== 'string' ||
    typeof o['caKeyFile'] !== 'string' ||
    !o['caCertFile'] ||
    !o['caKeyFile']
  ) {
    throw new RangeError(
      'tls must be true (the service makes its own CA) or { caCertFile, caKeyFile } naming the PEM files of a CA to sign its certificate with.',
    );
  }
}

/** The names a client may use for the service: 127.0.0.1, localhost and `host` when it names one address. */
export function serverNames(host: string | undefined): string[] {
  const names = new Set(['DNS:localhost', 'IP:127.0.0.1']);
  if (host !== undefined && host !== '' && host !== '0.0.0.0' && host !== '::') {
    if (isIP(host)) names.add(`IP:${canonicalIp(host)}`);
    else if (
      /^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/.test(
        host,
      )
    )
      names.add(`DNS:${host.toLowerCase()}`);
    else
      throw new RangeError(
        `host "${host}" is neither an IP address nor a DNS name: a certificate cannot name it.`,
      );
  }
  return [...names].sort();
}

/**
 * The certificate and key the service serves, made or reused, and the CA to trust. Synchronous:
 * it runs once before the server listens, and openssl takes a few milliseconds per key.
 */
export function prepareTls(
  option: Exclude<TlsOption, false>,
  dataDir: string,
  host: string | undefined,
  log: (line: string) => void,
  /** the time the server certificate must be good at (tests: a later one, to see it renewed) */
  nowMs = Date.now(),
): ServiceTls {
  const dir = join(dataDir, 'tls');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // A data directory inside a checkout (./service-data) must not let git pick up a key.
  const ignore = join(dir, '.gitignore');
  if (!existsSync(ignore)) writeFileSync(ignore, '*\n');
  const ca =
    option === true
      ? ensureCa(dir, `Roadcam service CA ${randomBytes(4).toString('hex')}`, log)
      : { certFile: option.caCertFile, keyFile: option.caKeyFile };
  const caCert = readCa(ca.certFile, ca.keyFile);
  const names = serverNames(host);
  const certFile = join(dir, 'server.pem');
  const keyFile = join(dir, 'server-key.pem');
  const problem = serverCertProblem(certFile, keyFile, caCert, names, nowMs);
  if (problem) {
    log(`TLS: making a server certificate for ${names.join(', ')} (${problem})`);
    issueServerCert(dir, ca, names);
  }
  return {
    cert: readFileSync(certFile, 'utf8'),
    key: readFileSync(keyFile, 'utf8'),
    caCertPem: caCert.toString(),
    caCertFile: ca.certFile,
  };
}

/**
 * A CA in `dir` (ca.pem, ca-key.pem), made when missing, unreadable or near its end. Also used
 * by scripts/test-ca.mjs for the test machine's system store.
 */
export function ensureCa(
  dir: string,
  commonName: string,
  log: (line: string) => void,
): { certFile: string; keyFile: string; made: boolean } {
  const certFile = join(dir, 'ca.pem');
  const keyFile = join(dir, 'ca-key.pem');
  const problem = caProblem(certFile, keyFile);
  if (!problem) return { certFile, keyFile, made: false };
  log(`TLS: making a new CA in ${dir} (${problem})`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  makeCaFiles(dir, commonName);
  return { certFile, keyFile, made: true };
}

/** Why the CA in these files cannot be used as it is; null when it can. */
function caProblem(certFile: string, keyFile: string): string | null {
  if (!existsSync(certFile) || !existsSync(keyFile)) return 'none yet';
  try {
    readCa(certFile, keyFile);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

/** The CA certificate, checked: a CA, in date, and matching its key. Errors say which file. */
function readCa(certFile: string, keyFile: string): X509Certificate {
  const certPem = readPem(certFile, 'CA certificate');
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(certPem);
  } catch {
    throw new Error(`${certFile} is not a PEM certificate.`);
  }
  if (!cert.ca)
    throw new Error(`${certFile} is not a CA certificate (it lacks basicConstraints CA:TRUE).`);
  const end = outOfDate(cert, Date.now());
  if (end) throw new Error(`The CA certificate ${certFile} ${end}: replace it.`);
  const keyPem = readPem(keyFile, 'CA key');
  let key;
  try {
    key = createPrivateKey(keyPem);
  } catch {
    throw new Error(`${keyFile} is not an unencrypted PEM private key.`);
  }
  if (!cert.checkPrivateKey(key))
    throw new Error(`The key ${keyFile} does not belong to the CA certificate ${certFile}.`);
  return cert;
}

function readPem(file: string, what: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT')
      throw new Error(`The ${what} file ${file} does not exist.`, { cause: e });
    if (code === 'EACCES')
      throw new Error(
        `The ${what} file ${file} cannot be read (permission denied): run as a user who can read it.`,
        { cause: e },
      );
    throw new Error(`The ${what} file ${file} cannot be read: ${(e as Error).message}`, {
      cause: e,
    });
  }
}

/** Why the server certificate must be remade; null when it is good for `names` under `ca`. */
function serverCertProblem(
  certFile: string,
  keyFile: string,
  ca: X509Certificate,
  names: string[],
  nowMs: number,
): string | null {
  if (!existsSync(certFile) || !existsSync(keyFile)) return 'none yet';
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(readFileSync(certFile));
    if (!cert.checkPrivateKey(createPrivateKey(readFileSync(keyFile))))
      return 'its key does not match';
  } catch {
    return 'the files are damaged';
  }
  if (!cert.checkIssued(ca) || !cert.verify(ca.publicKey)) return 'signed by another CA';
  const end = outOfDate(cert, nowMs);
  if (end) return `it ${end}`;
  const had = sanOf(cert);
  if (had.join() !== names.join()) return `it named ${had.join(', ') || 'nothing'}`;
  return null;
}

/** "expired on ..." or "expires on ..." when within the margin, "is not valid before ..."; else null. */
function outOfDate(cert: X509Certificate, now: number): string | null {
  if (cert.validFromDate.getTime() > now)
    return `is not valid before ${cert.validFromDate.toISOString()}`;
  if (cert.validToDate.getTime() <= now) return `expired on ${cert.validToDate.toISOString()}`;
  if (cert.validToDate.getTime() - now < RENEW_MARGIN_MS)
    return `expires on ${cert.validToDate.toISOString()}`;
  return null;
}

/** The subjectAltName entries in the form serverNames gives them, sorted. */
function sanOf(cert: X509Certificate): string[] {
  return (cert.subjectAltName ?? '')
    .split(', ')
    .filter(Boolean)
    .map((entry) => {
      if (entry.startsWith('IP Address:'))
        return `IP:${canonicalIp(entry.slice('IP Address:'.length))}`;
      return entry.startsWith('DNS:') ? entry.toLowerCase().replace(/^dns:/, 'DNS:') : entry;
    })
    .sort();
}

/** One spelling per address (openssl writes ::1 as 0:0:0:0:0:0:0:1). */
function canonicalIp(ip: string): string {
  return isIP(ip) === 6 ? new URL(`http://[${ip}]/`).hostname.slice(1, -1) : ip;
}
