/**
 * macOS's "Install 'roadcam' Command in PATH", as editors install their `code`: a link from
 * /usr/local/bin/roadcam to the launcher inside the app bundle (resources/bin/roadcam). That
 * folder usually belongs to root: then the link is made through `elevate`, the system's
 * administrator prompt. Plain Node, so that it is tested without Electron.
 */
import { execFile } from 'node:child_process';
import { lstat, mkdir, readlink, symlink, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { english } from '../../shared/i18n/english.ts';
import type { Translator } from '../../shared/i18n/translator.ts';

/** Runs a shell command as an administrator (after asking the user). */
export type Elevate = (command: string) => Promise<void>;

/**
 * Links `link` to `launcher`, replacing an older link; says what it did (or why not) for the
 * user, in `words`' language.
 */
export async function linkCommand(
  launcher: string,
  link: string,
  elevate: Elevate,
  words: Pick<Translator, 't'> = english,
): Promise<string> {
  const existing = await lstat(link).catch(() => null);
  if (existing && !existing.isSymbolicLink()) {
    throw new Error(words.t('desktop.command.ownFile', { link }));
  }
  if (existing && (await readlink(link)) === launcher) {
    return words.t('desktop.command.already', { link });
  }
  try {
    await mkdir(dirname(link), { recursive: true });
    if (existing) await unlink(link);
    await symlink(launcher, link);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EACCES' && code !== 'EPERM') throw error;
    await elevate(linkScript(launcher, link)).catch((error: Error) => {
      throw new Error(words.t('desktop.command.notMade', { detail: error.message }));
    });
  }
  return words.t('desktop.command.installed', { link });
}

/** The same link as one sh command line, for the administrator prompt. */
export function linkScript(launcher: string, link: string): string {
  return `mkdir -p ${sh(dirname(link))} && ln -sfn ${sh(launcher)} ${sh(link)}`;
}

/** macOS's administrator prompt (osascript), for linkCommand. */
export const osascriptElevate: Elevate = (command) =>
  new Promise((resolve, reject) => {
    const script = `do shell script ${appleScriptString(command)} with administrator privileges`;
    execFile('osascript', ['-e', script], (error, _stdout, stderr) => {
      if (!error) resolve();
      else reject(new Error(stderr.trim() || error.message));
    });
  });

/** One word for sh, whatever it holds; and a string for AppleScript. */
const sh = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;
export const appleScriptString = (text: string) => `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
