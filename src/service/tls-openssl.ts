/**
 * The making of certificates for tls.ts, by Debian's `openssl` program through execFile (no
 * shell): Node can read and check certificates but cannot make them. Keys are EC P-256, never
 * encrypted (the service must start unattended), written 0600.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Long enough not to bother anyone; a server certificate within 825 days is accepted by macOS. */
const CA_DAYS = 3650;
const SERVER_DAYS = 397;

/** Makes ca.pem and ca-key.pem in `dir`, replacing any there. */
export function makeCaFiles(dir: string, commonName: string): void {
  inTempDir(dir, (tmp, config) => {
    openssl(
      ['req', '-x509', '-new', ...newKeyArgs(join(tmp, 'ca-key.pem')), '-sha256'],
      ['-days', String(CA_DAYS), '-subj', `/CN=${commonName}/O=Roadcam`],
      ['-config', config, '-extensions', 'ca_ext', '-out', join(tmp, 'ca.pem')],
    );
    place(tmp, dir, 'ca-key.pem', 0o600);
    place(tmp, dir, 'ca.pem', 0o644);
  });
}

/** Makes server.pem and server-key.pem in `dir`, naming `names` (serverNames), signed by `ca`. */
export function issueServerCert(
  dir: string,
  ca: { certFile: string; keyFile: string },
  names: string[],
): void {
  inTempDir(dir, (tmp, config) => {
    const csr = join(tmp, 'server.csr');
    openssl(
      ['req', '-new', ...newKeyArgs(join(tmp, 'server-key.pem'))],
      ['-subj', '/CN=localhost/O=Roadcam'],
      ['-config', config, '-out', csr],
    );
    // The names go in through the extension file: openssl 3.0's x509 -req copies none from the request.
    writeFileSync(config, `${CONFIG}subjectAltName = ${names.join(', ')}\n`);
    openssl(
      ['x509', '-req', '-in', csr, '-CA', ca.certFile, '-CAkey', ca.keyFile],
      ['-set_serial', `0x${serial()}`, '-days', String(SERVER_DAYS), '-sha256'],
      ['-extfile', config, '-extensions', 'server_ext', '-out', join(tmp, 'server.pem')],
    );
    place(tmp, dir, 'server-key.pem', 0o600);
    place(tmp, dir, 'server.pem', 0o644);
  });
}

/** A random positive 128-bit serial: no serial file to keep next to a CA that may be read-only. */
function serial(): string {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0]! & 0x7f) | 0x10;
  return bytes.toString('hex');
}

const newKeyArgs = (keyOut: string): string[] => [
  '-newkey',
  'ec',
  '-pkeyopt',
  'ec_paramgen_curve:P-256',
  '-nodes',
  '-keyout',
  keyOut,
];

/** Our own configuration, so that whatever openssl.cnf the machine has changes nothing. */
const CONFIG = `[req]
distinguished_name = dn
prompt = no
[dn]
[ca_ext]
basicConstraints = critical, CA:TRUE, pathlen:0
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
[server_ext]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = serverAuth
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
`;

/** Files are made in a private temporary folder and renamed into place: never half a pair. */
function inTempDir(dir: string, work: (tmp: string, config: string) => void): void {
  const tmp = mkdtempSync(join(dir, '.making-'));
  try {
    const config = join(tmp, 'openssl.cnf');
    writeFileSync(config, CONFIG);
    work(tmp, config);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

function place(tmp: string, dir: string, name: string, mode: number): void {
  chmodSync(join(tmp, name), mode);
  renameSync(join(tmp, name), join(dir, name));
}

function openssl(...parts: string[][]): void {
  const args = parts.flat();
  try {
    execFileSync('openssl', args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      // The machine's OPENSSL_CONF must not add settings to ours: openssl's default is used.
      env: withoutOpensslConf(),
    });
  } catch (e) {
    const err = e as NodeJS.ErrnoException & { stderr?: Buffer };
    if (err.code === 'ENOENT')
      throw new Error(
        'HTTPS needs the openssl program to make its certificate, and it is not installed: install it (Debian: apt-get install openssl) or start the service without TLS.',
        { cause: e },
      );
    const said = (err.stderr?.toString() ?? '').trim().slice(0, 500);
    throw new Error(
      `The TLS certificate could not be made: openssl ${args[0]} failed: ${said || err.message}`,
      { cause: e },
    );
  }
}

function withoutOpensslConf(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env['OPENSSL_CONF'];
  return env;
}
