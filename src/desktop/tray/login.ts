/**
 * Starting at login, hidden in the tray. Windows and macOS keep login items themselves
 * (app.setLoginItemSettings): Windows starts the app with `--hidden`, macOS says it opened the
 * app at login. Electron has no login items on Linux, so the app writes an XDG autostart entry
 * (~/.config/autostart/roadcam.desktop) whose command carries `--hidden`, and removes it when
 * the setting is turned off.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Settings } from '../../shared/settings.ts';

export const HIDDEN_FLAG = '--hidden';

export interface LaunchFacts {
  platform: NodeJS.Platform;
  /** An installed build: a development run has no stable program to start at login. */
  packaged: boolean;
  /** The program the system starts: the AppImage file itself ($APPIMAGE) where there is one. */
  program: string;
}

/** What the Electron entry hands app.setLoginItemSettings (Windows and macOS). */
export interface LoginItem {
  openAtLogin: boolean;
  args?: string[];
}

export type LoginPlan =
  | { kind: 'none'; reason: string }
  | { kind: 'login-item'; item: LoginItem }
  | { kind: 'autostart'; contents: string | null };

export function loginPlan(facts: LaunchFacts, openAtLogin: boolean): LoginPlan {
  if (!facts.packaged) {
    return { kind: 'none', reason: 'a development build is not started at login' };
  }
  if (facts.platform === 'win32') {
    return { kind: 'login-item', item: { openAtLogin, args: [HIDDEN_FLAG] } };
  }
  if (facts.platform === 'darwin') return { kind: 'login-item', item: { openAtLogin } };
  const refused = openAtLogin ? programRefused(facts.program) : null;
  if (refused) return { kind: 'none', reason: refused };
  return { kind: 'autostart', contents: openAtLogin ? autostartEntry(facts.program) : null };
}

/**
 * Control characters: a newline in the program's path would end the Exec line and start
 * lines of the path's own choosing (another Exec=, a Hidden=); no escape exists for them there.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Why `program` cannot be written into an autostart entry, in words; null when it can. */
export function programRefused(program: string): string | null {
  const found = CONTROL.exec(program);
  if (!found) return null;
  const code = found[0].charCodeAt(0).toString(16).padStart(4, '0');
  return (
    `the program's path ${JSON.stringify(program)} holds a control character (U+${code.toUpperCase()}), ` +
    'which an autostart entry cannot carry; move Roadcam to a folder whose name has none, then turn the setting on again'
  );
}

/** The XDG autostart entry that starts Roadcam hidden in the tray. */
export function autostartEntry(program: string): string {
  const refused = programRefused(program);
  if (refused) throw new Error(`Roadcam is not started at login: ${refused}.`);
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Roadcam',
    'Comment=Road cameras: downloads go on in the tray',
    `Exec=${execValue([program, HIDDEN_FLAG])}`,
    'Icon=roadcam',
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}

/**
 * An Exec line as the Desktop Entry spec reads it: an argument with a reserved character is
 * quoted, and inside the quotes ", `, $ and \ take a backslash; the value is then a string
 * value, whose own backslashes are doubled. A % would be a field code: it is written %%.
 */
export function execValue(args: readonly string[]): string {
  return args
    .map((arg) => {
      const quoted = /[\s"'\\><~|&;$*?#()`]/.test(arg)
        ? `"${arg.replace(/["`$\\]/g, (c) => `\\${c}`)}"`
        : arg;
      return quoted.replace(/\\/g, '\\\\').replace(/%/g, '%%');
    })
    .join(' ');
}

/** Where the autostart entry goes: $XDG_CONFIG_HOME/autostart, by default ~/.config/autostart. */
export function autostartFile(env: NodeJS.ProcessEnv = process.env, home = homedir()): string {
  const config = env.XDG_CONFIG_HOME?.startsWith('/') ? env.XDG_CONFIG_HOME : join(home, '.config');
  return join(config, 'autostart', 'roadcam.desktop');
}

/**
 * Writes the entry (null: removes it). Unchanged contents are left alone; a new one is written
 * beside it and renamed, so a session starting meanwhile never reads half a file.
 */
export function syncAutostart(
  file: string,
  contents: string | null,
): 'written' | 'removed' | 'unchanged' {
  const current = existsSync(file) ? readFileSync(file, 'utf8') : null;
  if (current === contents) return 'unchanged';
  if (contents === null) {
    rmSync(file, { force: true });
    return 'removed';
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, contents, { mode: 0o644 });
  renameSync(`${file}.tmp`, file);
  return 'written';
}

export interface StartFacts {
  argv: readonly string[];
  /** macOS: the system opened the app at login (getLoginItemSettings().wasOpenedAtLogin). */
  openedAtLogin: boolean;
  settings: Pick<Settings, 'openAtLogin' | 'startMinimised'>;
}

/** How the window starts: hidden in the tray (a start at login), minimised, or shown. */
export function startMode(facts: StartFacts): 'hidden' | 'minimised' | 'shown' {
  const atLogin = facts.argv.includes(HIDDEN_FLAG) || facts.openedAtLogin;
  // A login item left behind after the setting was turned off starts the app as usual.
  if (atLogin && facts.settings.openAtLogin) return 'hidden';
  return facts.settings.startMinimised ? 'minimised' : 'shown';
}
