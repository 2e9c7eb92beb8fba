/**
 * The certificates Roadcam trusts: Node's bundled ones, the operating system's store (where a
 * company installs the CA of its TLS-inspecting gateway), NODE_EXTRA_CA_CERTS if set, and a CA
 * file the user names in Settings or with --ca-file. And the words for a certificate that is
 * not trusted: which host, why, and what to do, never "fetch failed".
 */
import { readFileSync } from 'node:fs';
import tls from 'node:tls';
import { said, type Said } from '../../shared/i18n/translator.ts';
import { NetSettingError } from './setting-error.ts';

export interface Trust {
  /** PEM certificates, for every TLS connection the client makes. */
  ca: string[];
  /** Where they came from, for the connection report. */
  sources: { name: string; count: number }[];
}

/** The trusted certificates, with those of the CA file (read and checked by tls-context.ts). */
export function loadTrust(caFile: { path: string; certificates: string[] } | null): Trust {
  const sources: Trust['sources'] = [];
  const seen = new Set<string>();
  const ca: string[] = [];
  const add = (name: string, certificates: readonly string[]) => {
    let count = 0;
    for (const pem of certificates) {
      if (seen.has(pem)) continue;
      seen.add(pem);
      ca.push(pem);
      count++;
    }
    sources.push({ name, count });
  };
  add('bundled with Roadcam (Node.js)', storeOf('bundled') ?? tls.rootCertificates);
  const system = storeOf('system');
  if (system) add("the operating system's store", system);
  // 'default' adds NODE_EXTRA_CA_CERTS to the bundled ones.
  const extra = storeOf('default');
  if (extra && process.env['NODE_EXTRA_CA_CERTS']) add('NODE_EXTRA_CA_CERTS', extra);
  if (caFile) add(`the CA file ${caFile.path}`, caFile.certificates);
  return { ca, sources };
}

function storeOf(kind: 'bundled' | 'system' | 'default'): readonly string[] | null {
  const get = (tls as { getCACertificates?: (kind: string) => string[] }).getCACertificates;
  try {
    return get ? get(kind) : null;
  } catch {
    return null;
  }
}

/** The PEM certificates of a file; says what is wrong with one that has none. */
export function readCaFile(path: string): string[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new NetSettingError(said('net.caFile.unreadable', { path, code }), { cause: error });
  }
  const found = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g);
  if (!found) throw new NetSettingError(said('net.caFile.noPem', { path }));
  return found.map((pem) => `${pem}\n`);
}

const UNTRUSTED = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
]);

/**
 * Words for a TLS failure found anywhere in an error's chain of causes, or null when it is not
 * one. `host` is the server the client was talking to.
 */
export function tlsProblem(error: unknown, host: string): Said | null {
  for (let e: unknown = error, depth = 0; e && depth < 6; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (UNTRUSTED.has(code)) {
        return said('net.problem.untrusted', { host, code });
      }
      if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID') {
        return said('net.problem.notValidNow', { host, code });
      }
      if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
        return said('net.problem.otherName', { host });
      }
    }
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}
