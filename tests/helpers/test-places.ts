/**
 * The rule of where a test lives (docs/development.md, "Where a test lives"), as a list of the
 * files that break it, each in words. Kept by tests/unit/architecture/test-places.test.ts.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';

const SKIPPED = new Set(['node_modules', 'out', 'dist', 'test-results', '.git']);
const WAIT_HELPERS = /\b(?:function\s*\*?\s*|(?:const|let|var)\s+)(until|waitFor|sleep)\b/g;
/** A pause made by hand: a timer whose callback is a promise's resolve. */
const OWN_PAUSE = /setTimeout\(\s*(?:r|resolve)\s*,/;
/** The one module that may declare a wait helper. */
export const WAIT_MODULE = 'tests/helpers/wait.ts';

/** Every file under `dir` (relative to `root`, with `/`), skipping build output and packages. */
function filesUnder(root: string, dir: string): string[] {
  const full = join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full).flatMap((name) => {
    if (SKIPPED.has(name)) return [];
    const path = dir === '' ? name : `${dir}/${name}`;
    return statSync(join(root, path)).isDirectory() ? filesUnder(root, path) : [path];
  });
}

const isTest = (path: string) => /\.(test|spec)\.ts$/.test(path);

/** Where the rule lets a test file be, or why not. */
function placeProblem(path: string): string | null {
  if (/^tests\/unit\/[^/]+\/.+\.test\.ts$/.test(path)) return null;
  if (/^tests\/service\/.+\.test\.ts$/.test(path)) return null;
  if (/^tests\/e2e\/[^/]+\.spec\.ts$/.test(path)) return null;
  if (/^tests\/unit\/[^/]+\.test\.ts$/.test(path)) {
    return `${path} sits loose in tests/unit/: put it in the folder of the area it tests`;
  }
  return `${path} is outside the places of tests (tests/unit/<area>/, tests/service/, tests/e2e/)`;
}

/** The files of src/renderer/ that a test imports, relative to src/renderer/ (with `/`). */
function rendererImports(root: string, path: string): string[] {
  const text = readFileSync(join(root, path), 'utf8');
  // Statements that begin a line (not a test's text that holds one), and dynamic imports.
  const statements = /^\s*(?:import|export)\b[^;]*?\bfrom\s*['"](\.[^'"]+)['"]/gm;
  const bare = /^\s*import\s*['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]/gm;
  const specifiers = [...text.matchAll(statements), ...text.matchAll(bare)].map(
    (m) => m[1] ?? m[2]!,
  );
  const renderer = join(root, 'src', 'renderer');
  return specifiers
    .map((specifier) => resolve(dirname(join(root, path)), specifier))
    .filter((target) => target.startsWith(renderer + sep))
    .map((target) => relative(renderer, target).split(sep).join('/'));
}

/** A renderer test mirrors the folder of the renderer code it tests; no other test imports it. */
function rendererProblem(root: string, path: string): string | null {
  const imported = rendererImports(root, path).filter((p) => !p.startsWith('testing/'));
  const inRendererTests = path.startsWith('tests/unit/renderer/');
  if (!inRendererTests) {
    if (imported.length === 0) return null;
    return `${path} tests renderer code (src/renderer/${imported[0]}): it belongs in tests/unit/renderer/<its folder>/`;
  }
  const area = dirname(path.slice('tests/unit/renderer/'.length));
  const folder = area === '.' ? '' : `${area}/`;
  if (!existsSync(join(root, 'src', 'renderer', folder))) {
    return `${path} mirrors no folder of src/renderer/ (there is no src/renderer/${folder})`;
  }
  if (imported.some((p) => p.startsWith(folder) && (folder !== '' || !p.includes('/')))) {
    return null;
  }
  const where = imported.length ? `it imports src/renderer/${imported[0]}` : 'it imports none';
  return `${path} tests no code of src/renderer/${folder} (${where}): move it to the folder it tests`;
}

/** Test files that share a name, whatever their folders: a failure should name one file. */
function sharedNames(tests: string[]): string[] {
  const byName = new Map<string, string[]>();
  for (const path of tests)
    byName.set(basename(path), [...(byName.get(basename(path)) ?? []), path]);
  return [...byName.values()]
    .filter((paths) => paths.length > 1)
    .map((paths) => `${paths.join(' and ')} share a name: rename them to say what each tests`);
}

/** Test code that declares its own wait helper instead of importing tests/helpers/wait.ts. */
function waitHelperProblems(root: string, files: string[]): string[] {
  return files
    .filter((path) => path.endsWith('.ts') && path !== WAIT_MODULE)
    .filter((path) => path.startsWith('tests/') || isTest(path))
    .flatMap((path) => {
      const text = readFileSync(join(root, path), 'utf8');
      const names = [...new Set([...text.matchAll(WAIT_HELPERS)].map((m) => m[1]))];
      const found = names.map(
        (name) => `${path} declares its own ${name}: import it from ${WAIT_MODULE}`,
      );
      if (OWN_PAUSE.test(text)) {
        found.push(
          `${path} pauses with a timer of its own: use ${WAIT_MODULE} (waitFor, or sleep saying why)`,
        );
      }
      return found;
    });
}

/** Every break of the rule in the tree at `root` (the repository or a test's stand-in), sorted. */
export function testPlaceProblems(root: string): string[] {
  const files = ['src', 'tests', 'scripts'].flatMap((dir) => filesUnder(root, dir));
  const tests = files.filter(isTest);
  const problems = [
    ...tests.map(placeProblem),
    ...tests.filter((p) => p.startsWith('tests/unit/')).map((p) => rendererProblem(root, p)),
    ...sharedNames(tests),
    ...waitHelperProblems(root, files),
  ];
  return problems.filter((p): p is string => p !== null).sort();
}
