/**
 * macOS's "Install 'roadcam' Command in PATH" (src/desktop/electron/shell-command.ts), on real
 * files in a temporary folder standing in for /usr/local/bin.
 */
import { execFileSync } from 'node:child_process';
import { lstatSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  appleScriptString,
  linkCommand,
  linkScript,
} from '../../../src/desktop/electron/shell-command.ts';
import { loadTranslator } from '../../../src/shared/i18n/catalogues.ts';
import { tempDir } from '../../helpers/core.ts';

const temp = tempDir('roadcam-shell-command-');
afterAll(() => temp.remove());
const launcher = join(temp.path, 'Roadcam.app/Contents/Resources/bin/roadcam');
const noElevation = () => Promise.reject(new Error('elevation was not needed'));

describe("installing the 'roadcam' command", () => {
  it('links the command to the launcher, making the folder, and says so', async () => {
    const link = join(temp.path, 'fresh', 'bin', 'roadcam');
    expect(await linkCommand(launcher, link, noElevation)).toMatch(/^Installed .*roadcam --help/);
    expect(readlinkSync(link)).toBe(launcher);
    expect(await linkCommand(launcher, link, noElevation)).toMatch(/already installed/);
  });

  it('replaces a link to another copy of the app', async () => {
    const link = join(temp.path, 'stale-roadcam');
    symlinkSync('/Volumes/Roadcam/Roadcam.app/Contents/Resources/bin/roadcam', link);
    await linkCommand(launcher, link, noElevation);
    expect(readlinkSync(link)).toBe(launcher);
  });

  it('leaves a file of its own alone and says what to do', async () => {
    const link = join(temp.path, 'own-roadcam');
    writeFileSync(link, '#!/bin/sh\necho mine\n');
    await expect(linkCommand(launcher, link, noElevation)).rejects.toThrow(
      /not a link; remove it and try again/,
    );
    expect(lstatSync(link).isSymbolicLink()).toBe(false);
    expect(readFileSync(link, 'utf8')).toContain('mine');
  });

  it("makes the same link as an administrator's sh command, whatever the paths hold", () => {
    const odd = join(temp.path, "My Apps/it's $HOME `x`/Roadcam.app/bin/roadcam");
    const link = join(temp.path, 'admin "bin"', 'roadcam');
    execFileSync('sh', ['-c', linkScript(odd, link)]);
    expect(readlinkSync(link)).toBe(odd);
    expect(appleScriptString('say "hi" \\ there')).toBe('"say \\"hi\\" \\\\ there"');
  });
});

describe("installing the 'roadcam' command on a German system", () => {
  it('says what it did, and what to do, in the shell’s language', async () => {
    const de = await loadTranslator('de');
    const link = join(temp.path, 'german', 'roadcam');
    expect(await linkCommand(launcher, link, noElevation, de)).toBe(
      `${link} installiert: Führen Sie roadcam --help in einem neuen Terminal aus.`,
    );
    expect(await linkCommand(launcher, link, noElevation, de)).toBe(
      `${link} ist bereits installiert.`,
    );
    const own = join(temp.path, 'german-own-roadcam');
    writeFileSync(own, '#!/bin/sh\n');
    await expect(linkCommand(launcher, own, noElevation, de)).rejects.toThrow(
      `${own} ist eine eigene Datei, kein Link; entfernen Sie sie und versuchen Sie es erneut.`,
    );
  });
});
