/**
 * The app in browser mode for a benchmark: `scripts/web.mjs` (or, for a renderer built
 * elsewhere, the same CLI serving that folder) in a process of its own, against `serviceUrl`
 * with the demo client and a fresh data folder, into which batches may go.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { POLICY_FILE } from '../../src/engine/consent/policy.ts';

const root = resolve(import.meta.dirname, '../..');

export interface BrowserMode {
  url: string;
  /** The host process (browser mode's core: the main-process side). */
  pid: number;
  dataDir: string;
  stop(): Promise<void>;
}

export async function startBrowserMode(
  serviceUrl: string,
  rendererDir = join(root, 'out/renderer'),
): Promise<BrowserMode> {
  const dataDir = mkdtempSync(join(tmpdir(), 'roadcam-bench-host-'));
  // Batches into the data folder ask nothing: the page of browser mode may not say yes itself.
  writeFileSync(
    join(dataDir, POLICY_FILE),
    JSON.stringify({ allow: { downloadFolder: [dataDir] } }),
  );
  const args = ['--port', '0', '--data-dir', dataDir, '--base-url', serviceUrl, '--client-id'];
  const script =
    rendererDir === join(root, 'out/renderer')
      ? [join(root, 'scripts/web.mjs'), ...args, 'demo']
      : [
          '--input-type=module',
          '-e',
          `const { main } = await import(${JSON.stringify(join(root, 'src/cli/web.ts'))});` +
            `await main(process.argv.slice(1), ${JSON.stringify(rendererDir)});`,
          '--',
          ...args,
          'demo',
        ];
  const child = spawn(process.execPath, script, {
    cwd: root,
    env: { ...process.env, ROADCAM_CLIENT_SECRET: 'demo-secret' },
  });
  let output = '';
  const url = await new Promise<string>((ok, fail) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /^Roadcam at (\S+)$/m.exec(output);
      if (match) ok(match[1]!);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => fail(new Error(`browser mode exited with ${code}:\n${output}`)));
  });
  return {
    url,
    pid: child.pid!,
    dataDir,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
