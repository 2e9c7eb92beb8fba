/**
 * Where kept collections live on disk: <dataDir>/collections/<service>/<collection>/<file>.
 * Names come from the service, so they are never used as paths unchecked.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { sanitiseSegment } from '../downloads/naming.ts';

const PLAIN = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,149}$/;
/** Bytes of the readable start of an image's file name (ASCII, so characters too). */
const READABLE = 64;

const hashOf = (text: string): string =>
  createHash('sha256').update(text).digest('hex').slice(0, 32);

/**
 * The file of an image: a readable start, then a hash of the whole name, then .jpg or .png
 * ("US-CO-1_20261121T115800Z-<32 hex>.jpg"). The hash makes it unique: two names that differ
 * only in case ("A.jpg", "a.jpg": one file on a case-insensitive disk), or a name spelled like
 * another's file, never share a file. Only [A-Za-z0-9_-] and the extension, so the download
 * engine's sanitiser (src/engine/downloads/naming.ts) leaves it as it is.
 */
export function imageFileName(name: string): string {
  const ext = /\.(jpe?g|png)$/i.exec(name)?.[0] ?? '';
  const readable = name
    .slice(0, name.length - ext.length)
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .slice(0, READABLE);
  return `${readable ? `${readable}-` : ''}${hashOf(name)}${ext.toLowerCase()}`;
}

/**
 * A collection id as a folder name: the id itself when it is a plain portable name, else its
 * hash. Ids are the service's own keys, not names people type, and the folders of collections
 * kept before image files were hashed keep their place.
 */
export function idFileName(id: string): string {
  // The download engine sanitises every name it writes: an id it would change (a trailing dot,
  // a device name) is hashed here, so both agree on the folder.
  if (PLAIN.test(id) && !id.endsWith('.part') && sanitiseSegment(id) === id) return id;
  return `${hashOf(id)}${/\.(jpe?g|png)$/i.exec(id)?.[0].toLowerCase() ?? ''}`;
}

/** The service key ("demo" or a base URL) as a folder name. */
export function serviceFolder(service: string): string {
  return service === 'demo'
    ? 'demo'
    : `svc-${createHash('sha256').update(service).digest('hex').slice(0, 16)}`;
}

export function collectionFolder(dataDir: string, service: string, id: string): string {
  return join(dataDir, 'collections', serviceFolder(service), idFileName(id));
}
