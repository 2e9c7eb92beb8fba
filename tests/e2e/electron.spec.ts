import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import { E2E_LOCALE, say, VIEW_KEYS } from './say.ts';

const root = resolve(import.meta.dirname, '../..');

/** The Electron binary, if this machine has it (it cannot be downloaded on the build machines). */
function electronBinary(): string | null {
  const pkg = join(root, 'node_modules/electron');
  const pathFile = join(pkg, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(pkg, 'dist', readFileSync(pathFile, 'utf8'));
  return existsSync(binary) ? binary : null;
}

test('the desktop app opens its locked-down window with every view', async () => {
  const binary = electronBinary();
  test.skip(
    binary === null,
    'SKIPPED: the Electron binary is not installed here (it cannot be downloaded on this machine); ' +
      'run `npm run build` then this test where `npx electron --version` works.',
  );
  const built = join(root, 'out/main/index.js');
  test.skip(
    !existsSync(built),
    'SKIPPED: run `npm run build` first; out/main/index.js is missing.',
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'roadcam-electron-'));
  const app = await electron.launch({
    executablePath: binary!,
    args: [built],
    // The system's language is the suite's: the app (menu and page alike) speaks it.
    env: { ...process.env, ROADCAM_DATA_DIR: dataDir, LANGUAGE: E2E_LOCALE.replace('-', '_') },
  });
  try {
    const window = await app.firstWindow();
    // Sandboxed, context-isolated, no Node: the page sees window.api and nothing of Node.
    const page = await window.evaluate(() => ({
      api: typeof (window as { api?: unknown }).api,
      require: typeof (globalThis as { require?: unknown }).require,
      process: typeof (globalThis as { process?: unknown }).process,
    }));
    expect(page).toEqual({ api: 'object', require: 'undefined', process: 'undefined' });
    for (const key of VIEW_KEYS) {
      const name = say(key);
      await window.getByRole('link', { name, exact: true }).click();
      await expect(window.getByRole('heading', { level: 1, name })).toBeVisible();
    }
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
