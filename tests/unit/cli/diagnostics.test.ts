import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';
import { DEMO_CLIENT } from '../../../src/service/index.ts';
import { direct, runRoadcam, secretEnv } from '../../helpers/cli.ts';
import { tempDir } from '../../helpers/core.ts';
import { apiTest as test } from '../../helpers/fixtures.ts';
import { readZip } from '../../helpers/zip.ts';

const dir = tempDir('roadcam-cli-diagnostics-');
afterAll(() => dir.remove());
const dataDir = join(dir.path, 'data');

test('roadcam diagnostics --out FILE writes the zip, without the client secret', async ({
  service,
}) => {
  const out = join(dir.path, 'support.zip');
  const run = await runRoadcam(dataDir, ['diagnostics', '--out', out, ...direct(service.url)], {
    env: { ...secretEnv, ROADCAM_LOG: 'stderr' },
  });
  expect(run.code, run.stderr).toBe(0);
  expect(run.stdout).toBe(`${out}\n`);
  const zip = readZip(out);
  expect([...zip.keys()]).toEqual(
    expect.arrayContaining(['connection-report.txt', 'logs/main.log', 'settings.json']),
  );
  expect(zip.get('connection-report.txt')!.toString()).toMatch(/^Roadcam connection report/);
  expect(zip.get('logs/main.log')!.toString()).toMatch(/Roadcam \S+ starting/);
  for (const [name, bytes] of zip) {
    expect(bytes.toString('latin1').includes(DEMO_CLIENT.secret), name).toBe(false);
    expect(bytes.toString('latin1'), name).not.toMatch(/eyJ[\w-]{10,}/);
  }
  expect(readFileSync(join(dataDir, 'logs', 'main.log'), 'utf8')).toMatch(/diagnostics saved: /);
});

test('an existing --out is replaced only with --force; crash dumps only with --include-crash-dumps', async ({
  service,
}) => {
  const out = join(dir.path, 'again.zip');
  writeFileSync(out, 'an earlier zip');
  mkdirSync(join(dataDir, 'crashes'), { recursive: true });
  writeFileSync(join(dataDir, 'crashes', 'c0de.dmp'), 'MDMP and the memory of the app');
  const save = (...more: string[]) =>
    runRoadcam(dataDir, ['diagnostics', '--out', out, ...more, ...direct(service.url)], {
      env: secretEnv,
    });
  const refused = await save();
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(/again\.zip exists already; pass --force to replace it/);
  expect(readFileSync(out, 'utf8')).toBe('an earlier zip');
  expect((await save('--force')).code).toBe(0);
  expect([...readZip(out).keys()].filter((name) => name.startsWith('crashes/'))).toEqual([]);
  expect(readZip(out).get('README.txt')!.toString()).toMatch(/1 crash dump left out/);
  expect((await save('--force', '--include-crash-dumps')).code).toBe(0);
  expect([...readZip(out).keys()]).toContain('crashes/c0de.dmp');
});

test('roadcam diagnostics without --out is a usage error (exit 2)', async () => {
  const run = await runRoadcam(dataDir, ['diagnostics']);
  expect(run.code).toBe(2);
  expect(run.stderr).toMatch(/needs --out FILE/);
});

test('when Roadcam cannot start (no such profile) the zip is written all the same, saying why', async () => {
  const out = join(dir.path, 'no-start.zip');
  const fresh = join(dir.path, 'never-started');
  const run = await runRoadcam(fresh, ['diagnostics', '--out', out, '--profile', 'nosuch']);
  expect(run.code, run.stderr).toBe(0);
  expect(run.stderr).toMatch(/could not start \(.*nosuch.*\); the diagnostics were saved without/);
  const zip = readZip(out);
  expect(zip.get('connection-report.txt')!.toString()).toMatch(
    /^Roadcam could not start, so the connection was not checked: .*nosuch/,
  );
  expect(JSON.parse(zip.get('settings.json')!.toString())).toHaveProperty('proxyMode');
  expect(zip.get('logs/main.log')!.toString()).toMatch(
    /ERROR diagnostics: Roadcam could not start: .*nosuch/,
  );
});

test('a zip that cannot be written is said in German with LANG=de_DE.UTF-8', async ({
  service,
}) => {
  const out = join(dir.path, 'no-such-folder', 'support.zip');
  const run = await runRoadcam(dataDir, ['diagnostics', '--out', out, ...direct(service.url)], {
    env: { ...secretEnv, LANG: 'de_DE.UTF-8' },
  });
  expect(run.code).toBe(1);
  expect(run.stderr).toContain(`Die Diagnosedaten konnten nicht unter ${out} gespeichert werden: `);
  expect(run.stderr).toContain('Wählen Sie einen anderen Ordner, oder schaffen Sie Platz.');
  expect(run.stderr).not.toMatch(/could not be saved|Choose another folder/);
});
