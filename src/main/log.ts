import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

export type Log = (line: string) => void;

/**
 * A line-per-event log in `<dataDir>/logs/main.log`, mirrored to stderr when asked. Callers
 * never pass secrets: the log is meant to be attached to bug reports.
 */
export function createLog(dataDir: string, options: { echo?: boolean } = {}): Log {
  const dir = join(dataDir, 'logs');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'main.log');
  return (line) => {
    const stamped = `${new Date().toISOString()} ${line}\n`;
    appendFileSync(file, stamped);
    if (options.echo) process.stderr.write(stamped);
  };
}
