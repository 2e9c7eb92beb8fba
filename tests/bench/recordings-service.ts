/**
 * The service of bench:queue and bench:downloads-view, in a child process so that its memory
 * and CPU are not the measured process's: the embedded service with `items` short recordings
 * (jpg, 2 s, tagged `tag`; ServiceControl.seedRecordings), until the parent disconnects.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';

/** The child's half: run when the script was started with `--serve`. */
export async function serveRecordings(items: number, tag: string, now?: string): Promise<void> {
  // Loaded here, in the child only: the measuring parent holds none of the service's code.
  const { DEMO_CLIENT, startService } = await import('../../src/service/index.ts');
  const dir = mkdtempSync(join(tmpdir(), 'roadcam-bench-recordings-'));
  const service = await startService({ dataDir: dir, cameras: 300, hours: 2, now });
  await service.control.seedRecordings(items, { durationS: 2, tag, formats: ['jpg'] });
  process.send!({ url: service.url, client: DEMO_CLIENT });
  process.on('disconnect', () => {
    void service.close().finally(() => {
      rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    });
  });
}

/** The service's demo account, whose credentials the parent signs in with. */
export interface DemoClient {
  id: string;
  secret: string;
}

/**
 * The parent's half: starts `script --serve --items N` and waits for its service's URL. With
 * `nice` (1–19), the service runs at that lower CPU priority: a remote server has cores of its
 * own, and this one would otherwise take the measured app's.
 */
export async function forkRecordingsService(
  script: string,
  items: number,
  nice = 0,
): Promise<{ url: string; client: DemoClient; stop(): void }> {
  const child = fork(script, ['--serve', '--items', String(items)]);
  if (nice !== 0) setPriority(child.pid!, nice);
  const { url, client } = await new Promise<{ url: string; client: DemoClient }>(
    (resolve, reject) => {
      child.once('message', (m) => resolve(m as { url: string; client: DemoClient }));
      child.once('exit', (code) => reject(new Error(`the service exited with ${code}`)));
    },
  );
  return { url, client, stop: () => child.disconnect() };
}
