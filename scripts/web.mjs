// `npm run web`: builds the renderer when its sources changed, then starts browser mode.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const outDir = join(root, 'out', 'renderer');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile())
      newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

// The launcher's words in LANG's language, as every command line's (src/cli/error-words.ts).
const { cliWords, sayError } = await import('../src/cli/error-words.ts');
const words = await cliWords(process.env);

const builtAt = existsSync(join(outDir, 'index.html'))
  ? statSync(join(outDir, 'index.html')).mtimeMs
  : 0;
const sourcesAt = Math.max(
  newestMtime(join(root, 'src', 'renderer')),
  newestMtime(join(root, 'src', 'shared')),
  statSync(join(root, 'vite.renderer.config.ts')).mtimeMs,
);
if (sourcesAt > builtAt) {
  const { build } = await import('vite');
  const { rendererConfig } = await import('../vite.renderer.config.ts');
  process.stderr.write(`${words.t('cli.web.building')}\n`);
  await build({ ...rendererConfig, configFile: false, logLevel: 'warn' });
}

const { main, webUsage, UsageError } = await import('../src/cli/web.ts');
try {
  await main(process.argv.slice(2), outDir, words);
} catch (error) {
  if (error instanceof UsageError) {
    process.stderr.write(`${sayError(words, error)}\n\n${webUsage(words)}`);
    process.exit(2);
  }
  throw error;
}
