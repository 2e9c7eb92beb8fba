/**
 * The import graph of the source tree, for the rule "no import cycles between files of src,
 * type-only imports included" (tests/unit/architecture/import-cycles.test.ts keeps it;
 * `node scripts/import-cycles.mjs` prints the cycles).
 *
 * Every import counts: static, `import type`, `export ... from` and dynamic `import()`, in
 * TypeScript files and in the `<script>` blocks of Svelte components. Only relative imports are
 * edges (packages cannot import our files back). TypeScript's own pre-processor reads the
 * imports, so a string that merely looks like an import is not one.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|svelte)$/;
const SCRIPT_BLOCK = /<script\b[^>]*>([\s\S]*?)<\/script>/g;

/** Every .ts and .svelte file under `root` (declaration files aside), as absolute paths. */
export function sourceFiles(root: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(root)) {
    const path = join(root, name);
    if (statSync(path).isDirectory()) found.push(...sourceFiles(path));
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) found.push(path);
  }
  return found.sort();
}

/** The relative import specifiers of one file's text. */
export function importsOf(path: string, text: string): string[] {
  const code = path.endsWith('.svelte')
    ? [...text.matchAll(SCRIPT_BLOCK)].map((m) => m[1]).join('\n')
    : text;
  return ts
    .preProcessFile(code, true, true)
    .importedFiles.map((f) => f.fileName)
    .filter((name) => name.startsWith('./') || name.startsWith('../'));
}

/** The file an import names: as written (the project imports with extensions), else + .ts. */
function resolveImport(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** File -> the files it imports, for every source file under `root`. */
export function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(resolve(root))) {
    const targets = importsOf(file, readFileSync(file, 'utf8'))
      .map((specifier) => resolveImport(file, specifier))
      .filter((target): target is string => target !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/**
 * The cycles of a graph: each strongly connected component of more than one file (or a file
 * that imports itself), as one closed path through it, names relative to `base`. A component
 * may hold more files than the path shows: break the path and look again.
 */
export function findCycles(graph: Map<string, string[]>, base = '.'): string[][] {
  // Tarjan's algorithm, iterative: the tree is deep enough to make recursion a risk.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; edge: number }> = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work.at(-1)!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++]!;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      const parent = work.at(-1);
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfImport = (graph.get(frame.node) ?? []).includes(frame.node);
        if (component.length > 1 || selfImport) components.push(component);
      }
    }
  }
  return components.map((component) =>
    closedPath(graph, new Set(component)).map((file) => relative(base, file)),
  );
}

/** A closed path through a strongly connected component: what a reader follows to see it. */
function closedPath(graph: Map<string, string[]>, members: Set<string>): string[] {
  const first = [...members].sort()[0]!;
  // Breadth-first from the first file back to itself, inside the component.
  const previous = new Map<string, string>();
  const queue = [first];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const to of graph.get(node) ?? []) {
      if (!members.has(to)) continue;
      if (to === first) {
        const path = [node];
        for (let at = node; at !== first;) {
          at = previous.get(at)!;
          path.unshift(at);
        }
        return [...path, first];
      }
      if (!previous.has(to)) {
        previous.set(to, node);
        queue.push(to);
      }
    }
  }
  return [first, first];
}
