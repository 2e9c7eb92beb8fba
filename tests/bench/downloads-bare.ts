/**
 * The reference of `npm run bench:downloads`: the least a Node process can do to fetch the same
 * signed URLs, 4 at a time over keep-alive connections into files (no queue, no resume, no
 * progress). With `hash`, each file is also hashed (SHA-256); with `fsync`, flushed before its
 * rename; with `durable`, both, as the engine does. Prints {"wallMs", "cpuMs"} as one JSON line.
 * Usage: node downloads-bare.ts OUT_DIR URLS_FILE [plain|hash|fsync|durable]
 * URLS_FILE holds one "URL<TAB>file name" per line.
 */
import { createHash } from 'node:crypto';
import { open, rename } from 'node:fs/promises';
import http from 'node:http';
import { join } from 'node:path';
import { measure, referenceArgs } from './downloads-reference.ts';

const { outDir, files, hash: hashing, flush } = referenceArgs();
const agent = new http.Agent({ keepAlive: true });

async function fetchOne(url: string, name: string): Promise<void> {
  const response = await new Promise<http.IncomingMessage>((resolve, reject) =>
    http.get(url, { agent }, resolve).on('error', reject),
  );
  if (response.statusCode !== 200) throw new Error(`${name}: HTTP ${response.statusCode}`);
  const path = join(outDir, name);
  const file = await open(`${path}.part`, 'w');
  const hash = hashing ? createHash('sha256') : undefined;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    hash?.update(chunk);
    await file.write(chunk);
  }
  hash?.digest('hex');
  if (flush) await file.sync();
  await file.close();
  await rename(`${path}.part`, path);
}

await measure(files, (_lane, url, name) => fetchOne(url, name));
agent.destroy();
