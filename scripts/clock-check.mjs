// `npm run test:clock`: the unit and service tests (vitest) on other dates and in other time
// zones, to prove that no test depends on today's date or the machine's time zone. libfaketime
// (Debian package `faketime`) moves the clock of the test processes about 3 months and a year
// ahead, at UTC+14 (Pacific/Kiritimati) and UTC-3:30 (America/St_Johns); one line per setting.
//
//   npm run test:clock                       all four settings, the whole suite (long)
//   npm run test:clock -- tests/unit/api     vitest's own filters, passed on
//   npm run test:clock -- --only=kiritimati+1y
//
// The settings run one after the other, never together: each is a whole vitest run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const binDir = join(root, 'node_modules', '.bin');
const node = existsSync(join(binDir, 'node'))
  ? realpathSync(join(binDir, 'node'))
  : process.execPath;
const vitest = realpathSync(join(binDir, 'vitest'));
const results = join(root, 'test-results');
mkdirSync(results, { recursive: true });

const SETTINGS = [
  { name: 'kiritimati+3mo', tz: 'Pacific/Kiritimati', offset: '+92d' },
  { name: 'st-johns+3mo', tz: 'America/St_Johns', offset: '+92d' },
  { name: 'kiritimati+1y', tz: 'Pacific/Kiritimati', offset: '+366d' },
  { name: 'st-johns+1y', tz: 'America/St_Johns', offset: '+366d' },
];

const argv = process.argv.slice(2);
const only = argv.filter((a) => a.startsWith('--only=')).flatMap((a) => a.slice(7).split(','));
const vitestArgs = argv.filter((a) => !a.startsWith('--only='));
const settings = only.length ? SETTINGS.filter((s) => only.includes(s.name)) : SETTINGS;
if (settings.length === 0) {
  fail(`--only names none of the settings: ${SETTINGS.map((s) => s.name).join(', ')}.`);
}

function fail(message) {
  process.stderr.write(`clock-check: ${message}\n`);
  process.exit(2);
}

if (spawnSync('sh', ['-c', 'command -v faketime'], { stdio: 'ignore' }).status !== 0) {
  fail('libfaketime is not installed (Debian: apt-get install faketime); nothing was run.');
}

/** Node's Date.now() under a setting: proof that libfaketime really moves Node's clock. */
function fakedNow(setting) {
  const out = spawnSync(
    'faketime',
    ['-f', setting.offset, node, '-e', 'process.stdout.write(`${Date.now()} ${new Date()}`)'],
    { env: { ...process.env, TZ: setting.tz }, encoding: 'utf8' },
  );
  const [ms, ...text] = out.stdout.split(' ');
  return { ms: Number(ms), text: text.join(' ') };
}

/** The keychain tests need a Secret Service: a private D-Bus session with gnome-keyring. */
function withKeyring(command) {
  const have =
    spawnSync('sh', ['-c', 'command -v dbus-run-session && command -v gnome-keyring-daemon'], {
      stdio: 'ignore',
    }).status === 0;
  if (!have) return { command, env: {}, cleanup: () => {} };
  const home = mkdtempSync(join(tmpdir(), 'roadcam-keyring-'));
  const script =
    'printf "\\n" | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec "$@"';
  return {
    command: ['dbus-run-session', '--', 'sh', '-c', script, 'sh', ...command],
    env: { XDG_DATA_HOME: home, ROADCAM_KEYRING: 'gnome-keyring' },
    cleanup: () => rmSync(home, { recursive: true, force: true }),
  };
}

const lines = [];
for (const setting of settings) {
  const days = Number(setting.offset.slice(1, -1));
  const faked = fakedNow(setting);
  const moved = (faked.ms - Date.now()) / 86_400_000;
  if (!(Math.abs(moved - days) < 1)) {
    fail(
      `under faketime ${setting.offset} Node's clock moved ${moved.toFixed(2)} days, not ${days}.`,
    );
  }
  const report = join(results, `clock-${setting.name}.json`);
  rmSync(report, { force: true });
  process.stdout.write(
    `\n── ${setting.name}: TZ=${setting.tz}, clock ${setting.offset}: ${faked.text} ──\n`,
  );
  const started = Date.now();
  const keyring = withKeyring([
    'faketime',
    '-f',
    setting.offset,
    node,
    vitest,
    'run',
    '--reporter=dot',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...vitestArgs,
  ]);
  const [command, ...args] = keyring.command;
  const run = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...keyring.env, TZ: setting.tz },
  });
  keyring.cleanup();
  const seconds = Math.round((Date.now() - started) / 1000);
  let counts = 'no report (vitest did not finish)';
  let failedTitles = [];
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    counts = `${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + (r.numTodoTests ?? 0)} skipped`;
    failedTitles = r.testResults.flatMap((file) => {
      const name = file.name.slice(root.length + 1);
      const failed = file.assertionResults
        .filter((t) => t.status === 'failed')
        .map((t) => `${name} > ${t.fullName}`);
      // A file whose setup failed has no failed test, only skipped ones: say why.
      if (failed.length === 0 && file.status === 'failed') {
        failed.push(`${name}: ${(file.message || 'failed').split('\n')[0].slice(0, 200)}`);
      }
      return failed;
    });
  }
  lines.push({
    ok: run.status === 0,
    text: `${setting.name} (TZ=${setting.tz}, ${setting.offset}): ${counts}, ${seconds} s`,
    failedTitles,
  });
}

process.stdout.write('\n── clock check ──\n');
for (const line of lines) {
  process.stdout.write(`${line.ok ? 'ok  ' : 'FAIL'} ${line.text}\n`);
  for (const title of line.failedTitles) process.stdout.write(`       failed: ${title}\n`);
}
process.exit(lines.every((l) => l.ok) ? 0 : 1);
