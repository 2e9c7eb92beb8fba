/**
 * The test machine's own CA, trusted by its operating system: made and installed by
 * `node scripts/test-ca.mjs install` (CI runs it), so that a test can serve HTTPS with a
 * certificate the system store trusts and check that clients connect with no CA flag at all.
 * A machine without it gives the reason, for the test's skip to say.
 */
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface TestCa {
  certFile: string;
  keyFile: string;
}

/** Where the test CA and its copy in the system store live (Debian's layout). */
export function testCaPaths(): TestCa & { dir: string; storeFile: string; bundle: string } {
  const dir = process.env['ROADCAM_TEST_CA_DIR'] || '/var/lib/roadcam-test-ca';
  return {
    dir,
    certFile: join(dir, 'ca.pem'),
    keyFile: join(dir, 'ca-key.pem'),
    storeFile: '/usr/local/share/ca-certificates/roadcam-test-ca.crt',
    // What update-ca-certificates builds, and what OpenSSL (curl, Node's system store) reads.
    bundle: '/etc/ssl/certs/ca-certificates.crt',
  };
}

const INSTALL = 'run `node scripts/test-ca.mjs install` as root';

/** The installed test CA, or null and why it cannot be used. */
export function systemTestCa(): { ca: TestCa; reason: null } | { ca: null; reason: string } {
  const p = testCaPaths();
  const read = (file: string, what: string): string | { reason: string } => {
    try {
      return readFileSync(file, 'utf8');
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return { reason: `no test CA ${what} at ${file}: ${INSTALL}` };
      return { reason: `the test CA ${what} ${file} cannot be read (${code ?? 'error'})` };
    }
  };
  const certPem = read(p.certFile, 'certificate');
  if (typeof certPem !== 'string') return { ca: null, ...certPem };
  const keyPem = read(p.keyFile, 'key');
  if (typeof keyPem !== 'string') return { ca: null, ...keyPem };
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(certPem);
    if (!cert.checkPrivateKey(createPrivateKey(keyPem)))
      return { ca: null, reason: `${p.keyFile} is not the key of ${p.certFile}: ${INSTALL}` };
  } catch (e) {
    return { ca: null, reason: `the test CA in ${p.dir} is damaged (${(e as Error).message})` };
  }
  if (cert.validToDate.getTime() <= Date.now())
    return {
      ca: null,
      reason: `the test CA expired on ${cert.validToDate.toISOString()}: ${INSTALL}`,
    };
  const stored = read(p.storeFile, 'copy in the system store');
  if (typeof stored !== 'string') return { ca: null, ...stored };
  if (stored.trim() !== certPem.trim())
    return { ca: null, reason: `${p.storeFile} is another certificate: ${INSTALL}` };
  const bundle = read(p.bundle, 'system bundle');
  if (typeof bundle !== 'string') return { ca: null, ...bundle };
  if (!base64Of(bundle).includes(base64Of(certPem)))
    return {
      ca: null,
      reason: `${p.bundle} lacks the test CA (update-ca-certificates not run): ${INSTALL}`,
    };
  return { ca: { certFile: p.certFile, keyFile: p.keyFile }, reason: null };
}

/** PEM text without its armour lines and line breaks, to find one certificate in a bundle. */
function base64Of(pem: string): string {
  return pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
}
