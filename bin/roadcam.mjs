#!/usr/bin/env node
// The `roadcam` command in the repository (npm run cli, npm link); installed copies run the built
// out/cli/main.js through resources/bin/roadcam instead. This one runs the CLI's TypeScript
// directly (Node's type stripping, Node >= 22.18), and better-sqlite3 needs Node >= 22.14: on an
// older Node it re-runs itself on the Node the project brings (node_modules/node), so `roadcam`
// works whichever node is first on PATH.
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

// The repository runs the CLI from its sources, so it is always the code being worked on; the
// build (vite.cli.config.ts) bundles the same entry to out/cli/main.js for the installers.
await import(pathToFileURL(join(root, 'src', 'cli', 'main.ts')).href);
