// Runs @doyensec/electronegativity over the sources and fails on any finding of medium or higher
// severity that docs/security.md does not explain (its "Accepted findings" table).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const electronVersion = require('electron/package.json').version;

// Offline, the tool's optional look-ups (translations, Electron's release list) fail and its HTTP
// library then throws this from a timer: harmless to the scan, which works from local files.
process.on('uncaughtException', (error) => {
  if (/onCancel. handler was attached after the promise settled/.test(error.message)) return;
  throw error;
});

const run = require('@doyensec/electronegativity/dist/runner.js');
const result = await run(
  {
    input: resolve(root, 'src'),
    electronVersionOverride: electronVersion,
    // Needs the network (Electron's release list); `npm audit` covers known-vulnerable versions.
    excludeFromScan: ['availablesecurityfixesglobalcheck'],
    isRelative: true,
    parserPlugins: [],
  },
  false,
);

const accepted = readAccepted();
const rank = { INFORMATIONAL: 0, LOW: 1, MEDIUM: 2, HIGH: 3 };
const serious = result.issues.filter(
  (issue) => rank[issue.severity.name ?? issue.severity] >= rank.MEDIUM,
);
const open = [];
for (const issue of serious) {
  const file = issue.file.replace(/^\/+/, '');
  const line = issue.location?.line ?? 0;
  const known = accepted.some((a) => a.id === issue.id && file.endsWith(a.file));
  const text = `${issue.severity.name ?? issue.severity} ${issue.id} ${file}:${line} ${issue.description}`;
  if (known) console.log(`accepted (docs/security.md): ${text}`);
  else open.push(text);
}
console.log(
  `electronegativity ${electronVersion}: ${result.globalChecks + result.atomicChecks} checks, ` +
    `${result.issues.length} findings, ${serious.length} medium or higher, ${open.length} unexplained, ` +
    `${result.errors.length} files it could not parse`,
);
for (const error of result.errors) console.log(`could not parse: ${error.file}: ${error.message}`);
for (const text of open) console.log(`FINDING ${text}`);
process.exit(open.length === 0 && result.errors.length === 0 ? 0 : 1);

/** Rows `| CHECK_ID | path | reason |` of the "Accepted findings" table in docs/security.md. */
function readAccepted() {
  const doc = readFileSync(resolve(root, 'docs/security.md'), 'utf8');
  const section = doc.split(/^## Accepted findings$/m)[1]?.split(/^## /m)[0] ?? '';
  return section
    .split('\n')
    .filter((row) => /^\|\s*[A-Z_]+\s*\|/.test(row))
    .map((row) => row.split('|').map((cell) => cell.trim()))
    .map(([, id, file]) => ({ id, file: file.replace(/`/g, '') }));
}
