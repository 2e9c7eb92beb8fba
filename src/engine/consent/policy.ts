import { closeSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { Log } from '../log.ts';
import { GUARDED_SETTINGS, type GuardedSetting } from '../../shared/settings.ts';

/** A policy is a few lines; anything much larger is not one. */
const MAX_POLICY_BYTES = 64 * 1024;

export const POLICY_FILE = 'policy.json';

/**
 * `<data dir>/policy.json`: the values an organisation allows for the guarded settings, which
 * then change without a question (and from browser mode's page). A folder allowed for
 * `downloadFolder` also lets a batch write into it and its subfolders.
 *
 *   { "allow": { "tileUrl": ["https://tiles.example.com/{z}/{x}/{y}.png"],
 *                "downloadFolder": ["/srv/roadcam"] } }
 */
const policySchema = z
  .object({
    allow: z
      .object(
        Object.fromEntries(
          GUARDED_SETTINGS.map((s) => [s, z.array(z.string().max(4096)).max(100).optional()]),
        ) as Record<GuardedSetting, z.ZodOptional<z.ZodArray<z.ZodString>>>,
      )
      .strict(),
  })
  .strict();

export type Policy = Partial<Record<GuardedSetting, readonly string[]>>;

/**
 * Read once at start. No file: nothing is allowed beforehand. A file that cannot be read or
 * does not follow the form is logged with its reason and allows nothing, so that a mistake in it
 * never opens more than the user's own answers do.
 */
export function readPolicy(dataDir: string, log: Log): Policy {
  const path = join(dataDir, POLICY_FILE);
  let text: string;
  try {
    text = readBounded(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') log(`policy: ${path} not read (${code ?? String(error)}): ignored`);
    return {};
  }
  try {
    return policySchema.parse(JSON.parse(text)).allow;
  } catch (error) {
    const reason = error instanceof z.ZodError ? error.issues[0]?.message : String(error);
    log(`policy: ${path} is not { "allow": { setting: [values] } } (${reason}): ignored`);
    return {};
  }
}

function readBounded(path: string): string {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(MAX_POLICY_BYTES + 1);
    const read = readSync(fd, buffer, 0, buffer.length, 0);
    if (read > MAX_POLICY_BYTES) throw new Error(`larger than ${MAX_POLICY_BYTES} bytes`);
    return buffer.subarray(0, read).toString('utf8');
  } finally {
    closeSync(fd);
  }
}
