/**
 * A command starts only what it needs (docs/cli.md, "How a command reaches the engine"): a
 * search against a service neither builds the demo world nor opens the download engine, which
 * would take the data folder's download queue and resume its interrupted files. The queue's lock
 * is held here by a live process (this one), so an engine that starts says so in the log.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { queueLockPath } from '../../../src/engine/downloads/lock.ts';
import { useService, useTempDir } from '../../helpers/per-describe.ts';
import { direct, lines, runRoadcam, secretEnv } from '../../helpers/cli.ts';

describe('roadcam starts only what a command needs', () => {
  const service = useService({ cameras: 20, hours: 1 });
  const dataDir = useTempDir('roadcam-cli-lazy-');

  it('a search neither builds the demo world nor opens the download engine', async () => {
    writeFileSync(queueLockPath(dataDir.path, service.url), String(process.pid));
    const out = await runRoadcam(
      dataDir.path,
      ['cameras', 'search', '--limit', '3', '--json', ...direct(service.url)],
      { env: secretEnv },
    );
    expect(out.code, out.stderr).toBe(0);
    expect(lines(out.stdout)).toHaveLength(3);
    expect(existsSync(join(dataDir.path, 'demo-service'))).toBe(false);
    const log = readFileSync(join(dataDir.path, 'logs', 'main.log'), 'utf8');
    expect(log).toContain('core started: remote mode');
    expect(log).not.toContain('downloads:');
  });

  it('a download still claims the engine, and says so when another process runs it', async () => {
    writeFileSync(queueLockPath(dataDir.path, service.url), String(process.pid));
    const out = await runRoadcam(
      dataDir.path,
      ['download', 'rec_1', '--out', join(dataDir.path, 'files'), ...direct(service.url)],
      { env: secretEnv },
    );
    expect(out.code).toBe(1);
    expect(out.stderr).toContain('Another Roadcam process is downloading with this data folder');
  });
});
