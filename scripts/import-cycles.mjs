// Prints every import cycle between files of src (type-only and dynamic imports included) and
// exits 1 if there is one. Usage: node scripts/import-cycles.mjs [folder ...] (default: src).
// The rule is kept by tests/unit/architecture/import-cycles.test.ts.
import { importGraph, findCycles } from './import-graph.ts';

const roots = process.argv.slice(2);
const cycles = (roots.length > 0 ? roots : ['src']).flatMap((root) =>
  findCycles(importGraph(root)),
);
for (const cycle of cycles) console.log(`cycle: ${cycle.join(' -> ')}`);
console.log(
  cycles.length === 0 ? 'No import cycles.' : `${cycles.length} import cycle(s): break each one.`,
);
process.exitCode = cycles.length === 0 ? 0 : 1;
