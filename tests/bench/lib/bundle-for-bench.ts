/**
 * A measured process as the app ships it: plain JavaScript, bundled by the same build as the CLI
 * (vite.cli.config.ts). Run from its TypeScript sources, Node strips the types of every file it
 * loads, and that stripper's memory (about 18 MB to start, 30 more for the engine's files, never
 * given back) would be counted as the engine's: the app and the CLI run built files.
 *
 * `root` chooses whose engine goes in: the entry's imports of this checkout's src/ are read from
 * `root`'s src/ instead (BENCH_BASELINE: another checkout's engine beside this one's).
 */
import { basename, join, resolve } from 'node:path';
import { build, type Plugin } from 'vite';
import { cliConfig } from '../../../vite.cli.config.ts';

const HERE = resolve(import.meta.dirname, '../../..');

/**
 * Builds `entry` with `root`'s src/ into `root`'s out/bench/ (its packages are found from
 * there, as the app's are beside it); resolves with the path of the built script.
 */
export async function bundleForBench(entry: string, root: string): Promise<string> {
  const outDir = join(resolve(root), 'out/bench', basename(entry, '.ts'));
  const rollupOptions = cliConfig.build?.rollupOptions;
  await build({
    ...cliConfig,
    configFile: false,
    plugins: [sourcesOf(resolve(root))],
    build: {
      ...cliConfig.build,
      outDir,
      rollupOptions: { ...rollupOptions, input: { measured: resolve(entry) } },
    },
  });
  return join(outDir, 'measured.js');
}

/** Reads every file of this checkout's src/ from `root`'s src/ (nothing to do for this one). */
function sourcesOf(root: string): Plugin {
  const ours = join(HERE, 'src') + '/';
  const theirs = join(root, 'src') + '/';
  return {
    name: 'bench-sources-of',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (ours === theirs) return null;
      const found = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!found || !found.id.startsWith(ours)) return found;
      return { ...found, id: theirs + found.id.slice(ours.length) };
    },
  };
}
