/**
 * Where kept collections live on disk: <dataDir>/collections/<service>/<collection>/<file>.
 * Names come from the service, so they are never used as paths unchecked: a name that is not
 * a plain portable file name is stored under its hash.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { sanitiseSegment } from '../downloads/naming.ts';

const PLAIN = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,149}$/;

export function safeFileName(name: string): string {
  // The download engine sanitises every name it writes (src/main/downloads/naming.ts): a name
  // it would change (a trailing dot, a device name) is hashed here, so both agree on the file.
  if (PLAIN.test(name) && !name.endsWith('.part') && sanitiseSegment(name) === name) return name;
  const ext = /\.(jpe?g|png)$/i.exec(name)?.[0].toLowerCase() ?? '';
  return `${createHash('sha256').update(name).digest('hex').slice(0, 32)}${ext}`;
}

/** The service key ("demo" or a base URL) as a folder name. */
export function serviceFolder(service: string): string {
  return service === 'demo'
    ? 'demo'
    : `svc-${createHash('sha256').update(service).digest('hex').slice(0, 16)}`;
}

export function collectionFolder(dataDir: string, service: string, id: string): string {
  return join(dataDir, 'collections', serviceFolder(service), safeFileName(id));
}

export const partOf = (path: string): string => `${path}.part`;
