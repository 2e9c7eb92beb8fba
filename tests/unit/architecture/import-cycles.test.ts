import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findCycles, importGraph } from '../../../scripts/import-graph.ts';
import { tempDir } from '../../helpers/core.ts';

describe('import cycles', () => {
  const dir = tempDir('roadcam-cycles-');
  afterAll(() => dir.remove());
  const tree = (name: string, files: Record<string, string>): string => {
    const root = join(dir.path, name);
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return root;
  };

  it('finds a cycle made of type-only imports, re-exports and a Svelte script', () => {
    const root = tree('cyclic', {
      'a.ts': "import type { B } from './b.ts';\nexport type A = B;\n",
      'b.ts': "export { c } from './lib/c.ts';\nexport type B = string;\n",
      'lib/c.ts': "import View from '../View.svelte';\nexport const c = View;\n",
      'View.svelte':
        '<script lang="ts">\n  import type { A } from \'./a.ts\';\n</script>\n<p>x</p>\n',
      'free.ts': "import { c } from './lib/c.ts';\nimport 'leaflet';\nexport const d = c;\n",
    });
    const cycles = findCycles(importGraph(root), root);
    expect(cycles).toEqual([['View.svelte', 'a.ts', 'b.ts', 'lib/c.ts', 'View.svelte']]);
  });

  it('finds a file that imports itself, and nothing in a tree without cycles', () => {
    const self = tree('self', { 'x.ts': "import './x.ts';\n" });
    expect(findCycles(importGraph(self), self)).toEqual([['x.ts', 'x.ts']]);
    const clean = tree('clean', {
      'a.ts': "import { b } from './b.ts';\nconst later = () => import('./c.ts');\n",
      'b.ts': "// import { a } from './a.ts' is only a comment\nexport const b = 1;\n",
      'c.ts': "import { b } from './b.ts';\nexport const c = b;\n",
    });
    expect(findCycles(importGraph(clean), clean)).toEqual([]);
  });

  it('src has no import cycle, type-only imports included (node scripts/import-cycles.mjs lists them)', () => {
    const repo = join(import.meta.dirname, '../../..');
    expect(findCycles(importGraph(join(repo, 'src')), repo)).toEqual([]);
  });
});
