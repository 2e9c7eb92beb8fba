// `npm test`: every check and test, in order, each one run even when an earlier one failed, then
// one summary line. Unit and service tests run inside a private D-Bus session with
// gnome-keyring's Secret Service, so the keychain tests use a real keychain.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const binDir = join(root, 'node_modules', '.bin');
// Tools run as `node <their script>`: npm does not always mark a package's bin file executable.
// The project's own Node 24 (the `node` devDependency) runs every step, whichever Node started
// this script: better-sqlite3 13 needs it, and the e2e hosts run TypeScript by type stripping.
const projectNode = existsSync(join(binDir, 'node'))
  ? realpathSync(join(binDir, 'node'))
  : process.execPath;
const tool = (name) => [projectNode, realpathSync(join(binDir, name))];
// Children run on the project's own Node (24), whichever node started this script.
process.env.PATH = `${binDir}:${process.env.PATH}`;
const results = join(root, 'test-results');
mkdirSync(results, { recursive: true });

// `--locale=en-XA`: the e2e specs in that language (tests/e2e/say.ts), the pseudo-locale's run.
const locale = process.argv.find((a) => a.startsWith('--locale='));
if (locale) process.env.ROADCAM_E2E_LOCALE = locale.slice('--locale='.length);
const only = process.argv.slice(2).filter((a) => a !== locale);
const steps = [];

function run(label, [command, ...prefix], args, options = {}) {
  if (only.length > 0 && !only.some((name) => label.startsWith(name))) return;
  process.stdout.write(`\n── ${label} ──\n`);
  const started = Date.now();
  const result = spawnSync(command, [...prefix, ...args], {
    cwd: root,
    stdio: 'inherit',
    ...options,
  });
  const ok = result.status === 0;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  steps.push({ label, ok, seconds, ...(options.count?.() ?? {}) });
}

function countVitest() {
  const file = join(results, 'vitest.json');
  if (!existsSync(file)) return {};
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + (report.numTodoTests ?? 0),
    failures: vitestTests(report, ['failed']).map(
      ({ file, test }) => `${file}: ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`,
    ),
    // A skipped vitest test gives its reason in its title: "... (skipped: why)".
    skipReasons: vitestTests(report, ['skipped', 'pending', 'todo']).map(
      ({ file, test }) => `${file}: ${test.fullName}`,
    ),
  };
}

/** The tests of a vitest JSON report with one of these statuses, with their files. */
function vitestTests(report, statuses) {
  return (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((test) => statuses.includes(test.status))
      .map((test) => ({ file: relative(root, file.name), test })),
  );
}

/** The first line of a failure message, short enough for the summary. */
function firstLine(message) {
  // Colour codes (ESC [ ... m) out, built from the code: no control character in a regex literal.
  const colour = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
  const line = String(message ?? '')
    .replace(colour, '')
    .split('\n')[0]
    .trim();
  return line.length > 300 ? `${line.slice(0, 300)}...` : line;
}

function countPlaywright() {
  const file = join(results, 'e2e.json');
  if (!existsSync(file)) return {};
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const stats = report.stats;
  return {
    passed: stats.expected,
    failed: stats.unexpected + stats.flaky,
    skipped: stats.skipped,
    skipReasons: skipReasons(report.suites ?? []),
    failures: playwrightFailures(report.suites ?? []),
  };
}

/** Every failed (or flaky) Playwright test with the first line of its error. */
function playwrightFailures(suites) {
  const failures = [];
  for (const suite of suites) {
    failures.push(...playwrightFailures(suite.suites ?? []));
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected' && t.status !== 'flaky') continue;
        const error = (t.results ?? []).find((r) => r.error)?.error?.message;
        failures.push(
          `${spec.file}:${spec.line}: ${spec.title} (${t.status}): ${firstLine(error)}`,
        );
      }
    }
  }
  return failures;
}

/** Every skipped Playwright test with the reason it gave, so that no skip is silent. */
function skipReasons(suites) {
  const reasons = [];
  for (const suite of suites) {
    reasons.push(...skipReasons(suite.suites ?? []));
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'skipped') continue;
        const notes = [
          ...(t.annotations ?? []),
          ...(t.results ?? []).flatMap((r) => r.annotations ?? []),
        ];
        const why = notes.find((a) => a.type === 'skip')?.description ?? 'no reason given';
        reasons.push(`${spec.title}: ${why}`);
      }
    }
  }
  return [...new Set(reasons)];
}

/** Runs a command inside dbus-run-session with an unlocked, throwaway gnome-keyring. */
function withKeyring([command, ...prefix], args) {
  args = [...prefix, ...args];
  const haveKeyring =
    spawnSync('sh', ['-c', 'command -v dbus-run-session && command -v gnome-keyring-daemon'], {
      stdio: 'ignore',
    }).status === 0;
  if (!haveKeyring) {
    process.stdout.write(
      'No dbus-run-session/gnome-keyring here: keychain tests will report themselves skipped.\n',
    );
    return [[command], args, {}];
  }
  const home = mkdtempSync(join(tmpdir(), 'roadcam-keyring-'));
  const script =
    // An empty line is the new login keyring's password: with no input at all the daemon would
    // ask a GUI prompter, fail, and leave no default collection to store secrets in.
    'printf "\\n" | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec "$@"';
  return [
    ['dbus-run-session'],
    ['--', 'sh', '-c', script, 'sh', command, ...args],
    {
      env: { ...process.env, XDG_DATA_HOME: home, ROADCAM_KEYRING: 'gnome-keyring' },
      cleanup: () => rmSync(home, { recursive: true, force: true }),
    },
  ];
}

run('typecheck: tsc (node)', tool('tsc'), ['-p', 'tsconfig.node.json', '--noEmit']);
run('typecheck: tsc (web)', tool('tsc'), ['-p', 'tsconfig.web.json', '--noEmit']);
run('typecheck: tsc (e2e and benchmarks)', tool('tsc'), ['-p', 'tsconfig.e2e.json', '--noEmit']);
run('typecheck: svelte-check', tool('svelte-check'), [
  '--tsconfig',
  'tsconfig.web.json',
  '--fail-on-warnings',
  '--output',
  'human',
]);
// The renderer's tests (tests/unit/renderer/) are in the e2e config: only svelte-check reads the
// props of the components they render, which tsc takes as any.
run('typecheck: svelte-check (renderer tests)', tool('svelte-check'), [
  '--tsconfig',
  'tsconfig.e2e.json',
  '--fail-on-warnings',
  '--output',
  'human',
]);
run('lint: eslint', tool('eslint'), ['.', '--max-warnings', '0']);
run('lint: prettier', tool('prettier'), ['--check', '.', '--log-level', 'warn']);

run('security: electronegativity', [projectNode], ['scripts/electronegativity.mjs']);

rmSync(join(results, 'vitest.json'), { force: true });
const [command, args, keyring] = withKeyring(tool('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(results, 'vitest.json')}`,
]);
run('unit + service tests: vitest', command, args, {
  env: keyring.env ?? process.env,
  count: countVitest,
});
keyring.cleanup?.();

rmSync(join(results, 'e2e.json'), { force: true });
// Browser mode keeps account secrets in the keychain too: the e2e run gets its own keyring.
const [e2eCommand, e2eArgs, e2eKeyring] = withKeyring(tool('playwright'), ['test']);
run('e2e tests: playwright (browser mode and the desktop path, chromium)', e2eCommand, e2eArgs, {
  env: e2eKeyring.env ?? process.env,
  count: countPlaywright,
});
e2eKeyring.cleanup?.();

process.stdout.write('\n── summary ──\n');
let passed = 0;
let failed = 0;
let skipped = 0;
for (const step of steps) {
  const counts =
    step.passed === undefined
      ? ''
      : ` (${step.passed} passed, ${step.failed} failed, ${step.skipped} skipped)`;
  process.stdout.write(`${step.ok ? 'ok  ' : 'FAIL'} ${step.label}${counts} ${step.seconds}s\n`);
  for (const reason of step.skipReasons ?? []) process.stdout.write(`       skipped: ${reason}\n`);
  for (const failure of step.failures ?? []) process.stdout.write(`       failed: ${failure}\n`);
  if (step.passed === undefined) {
    if (step.ok) passed += 1;
    else failed += 1;
  } else {
    passed += step.passed;
    failed += step.failed + (step.ok || step.failed > 0 ? 0 : 1);
    skipped += step.skipped;
  }
}
process.stdout.write(`\nSummary: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
process.exit(steps.every((step) => step.ok) ? 0 : 1);
