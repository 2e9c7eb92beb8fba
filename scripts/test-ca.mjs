// `node scripts/test-ca.mjs install|status|uninstall`: the test machine's own CA in its system
// certificate store, so that the HTTPS tests can check that clients trust the system
// store with no CA flag, as a company's TLS-inspecting gateway relies on. Debian only (the
// `openssl` and `ca-certificates` packages). The CA is made once in /var/lib/roadcam-test-ca
// (or $ROADCAM_TEST_CA_DIR) and is for test machines: anyone who can read its key can sign a
// certificate this machine trusts.
import { execFileSync, spawnSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { copyFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [major, minor] = process.versions.node.split('.').map(Number);

// The CA is made by the service's own code (TypeScript, run by type stripping: Node >= 22.18):
// on an older Node this re-runs itself on the Node the project brings, as bin/roadcam.mjs does.
if (!(major > 22 || (major === 22 && minor >= 18))) {
  const projectNode = join(root, 'node_modules', 'node', 'bin', 'node');
  if (!existsSync(projectNode)) {
    process.stderr.write(
      `test-ca needs Node 22.18 or newer (this is ${process.version}): run npm install first.\n`,
    );
    process.exit(1);
  }
  const child = spawnSync(projectNode, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  process.exit(child.status ?? 1);
}

const load = (path) => import(pathToFileURL(join(root, path)).href);
const { ensureCa } = await load('src/service/tls.ts');
const { systemTestCa, testCaPaths } = await load('tests/helpers/tls.ts');

const USAGE = `Usage: node scripts/test-ca.mjs install|status|uninstall
  install    make the test CA (once) in $ROADCAM_TEST_CA_DIR or /var/lib/roadcam-test-ca and add it
             to the system certificate store (root)
  status     say whether it is installed (exit 0) or not (exit 1, with the reason)
  uninstall  take it out of the system store (root); the CA files stay\n`;

const paths = testCaPaths();

function requireRoot(what) {
  if (process.getuid?.() !== 0) {
    process.stderr.write(
      `${what} changes the system certificate store and needs root: run sudo node scripts/test-ca.mjs ${process.argv[2]}\n`,
    );
    process.exit(1);
  }
  if (!existsSync(dirname(paths.storeFile))) {
    process.stderr.write(
      `${dirname(paths.storeFile)} does not exist: this needs Debian's ca-certificates package (apt-get install ca-certificates).\n`,
    );
    process.exit(1);
  }
}

function updateStore(fresh) {
  try {
    // --fresh when a certificate changed under the same name: the bundle is rebuilt from scratch.
    execFileSync('update-ca-certificates', fresh ? ['--fresh'] : [], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  } catch (e) {
    process.stderr.write(`update-ca-certificates failed: ${e.message}\n`);
    process.exit(1);
  }
}

function install() {
  requireRoot('Installing the test CA');
  const ca = ensureCa(paths.dir, 'Roadcam test CA', (line) => process.stdout.write(`${line}\n`));
  const certPem = readFileSync(ca.certFile, 'utf8');
  const stored = existsSync(paths.storeFile) ? readFileSync(paths.storeFile, 'utf8') : null;
  if (stored !== certPem) copyFileSync(ca.certFile, paths.storeFile);
  const state = systemTestCa();
  if (stored !== certPem || state.ca === null) updateStore(stored !== null && stored !== certPem);
  status();
}

function uninstall() {
  requireRoot('Removing the test CA');
  if (!existsSync(paths.storeFile)) {
    process.stdout.write(
      `The test CA is not in the system store (${paths.storeFile}): nothing to do.\n`,
    );
    return;
  }
  rmSync(paths.storeFile);
  updateStore(true);
  process.stdout.write(
    `Removed ${paths.storeFile} from the system store; the CA files in ${paths.dir} stay.\n`,
  );
}

function status() {
  const state = systemTestCa();
  if (state.ca === null) {
    process.stdout.write(`The test CA is not installed: ${state.reason}\n`);
    process.exitCode = 1;
    return;
  }
  const cert = readFileSync(state.ca.certFile, 'utf8');
  const x = new X509Certificate(cert);
  process.stdout.write(
    `The test CA is installed: ${state.ca.certFile} (key ${state.ca.keyFile}), ${x.subject.replace(/\n/g, ', ')}, valid until ${x.validToDate.toISOString()}, trusted through ${paths.storeFile}.\n`,
  );
}

const command = process.argv[2];
if (command === 'install') install();
else if (command === 'status') status();
else if (command === 'uninstall') uninstall();
else {
  process.stderr.write(
    command && command !== '--help' ? `Unknown command "${command}".\n${USAGE}` : USAGE,
  );
  process.exit(command === '--help' ? 0 : 2);
}
