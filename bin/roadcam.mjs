#!/usr/bin/env node
// The `roadcam` command. The CLI is TypeScript run directly by Node (type stripping, Node >= 22.18),
// and better-sqlite3 needs Node >= 22.14: on an older Node this re-runs itself on the Node the
// project brings (node_modules/node), so `roadcam` works whichever node is first on PATH.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [major, minor] = process.versions.node.split('.').map(Number);
const recentEnough = major > 22 || (major === 22 && minor >= 18);

if (!recentEnough) {
  const projectNode = join(root, 'node_modules', 'node', 'bin', 'node');
  if (!existsSync(projectNode)) {
    process.stderr.write(
      `roadcam needs Node 22.18 or newer (this is ${process.version}); run npm install in ${root}.\n`,
    );
    process.exit(1);
  }
  const child = spawnSync(projectNode, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  process.exit(child.status ?? 1);
}

// `roadcam cameras search --json | head`: a reader that has seen enough closes the pipe; that
// ends the command quietly, as it does for other Unix tools, instead of an EPIPE stack.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});
const { run } = await import(pathToFileURL(join(root, 'src', 'cli', 'index.ts')).href);
process.exitCode = await run(process.argv.slice(2));
