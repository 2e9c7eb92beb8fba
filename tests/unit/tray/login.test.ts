import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  autostartEntry,
  autostartFile,
  execValue,
  loginPlan,
  startMode,
  syncAutostart,
} from '../../../src/desktop/tray/login.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'roadcam-autostart-'));
  dirs.push(dir);
  return dir;
}

const installed = { packaged: true, program: '/opt/Roadcam/roadcam' };

describe('starting at login', () => {
  it('asks Windows to start the app hidden, and macOS to keep its login item', () => {
    expect(loginPlan({ ...installed, platform: 'win32' }, true)).toEqual({
      kind: 'login-item',
      item: { openAtLogin: true, args: ['--hidden'] },
    });
    expect(loginPlan({ ...installed, platform: 'win32' }, false)).toEqual({
      kind: 'login-item',
      item: { openAtLogin: false, args: ['--hidden'] },
    });
    expect(loginPlan({ ...installed, platform: 'darwin' }, true)).toEqual({
      kind: 'login-item',
      item: { openAtLogin: true },
    });
  });

  it('on Linux writes an autostart entry that starts the program hidden, and removes it', () => {
    const on = loginPlan({ ...installed, platform: 'linux' }, true);
    expect(on).toEqual({ kind: 'autostart', contents: autostartEntry('/opt/Roadcam/roadcam') });
    expect(autostartEntry('/opt/Roadcam/roadcam')).toBe(
      [
        '[Desktop Entry]',
        'Type=Application',
        'Name=Roadcam',
        'Comment=Road cameras: downloads go on in the tray',
        'Exec=/opt/Roadcam/roadcam --hidden',
        'Icon=roadcam',
        'Terminal=false',
        'X-GNOME-Autostart-enabled=true',
        '',
      ].join('\n'),
    );
    expect(loginPlan({ ...installed, platform: 'linux' }, false)).toEqual({
      kind: 'autostart',
      contents: null,
    });
  });

  it('leaves a development run out of the login items', () => {
    const plan = loginPlan({ platform: 'linux', packaged: false, program: '/x/electron' }, true);
    expect(plan.kind).toBe('none');
  });

  it('quotes an Exec argument as the Desktop Entry spec reads it', () => {
    expect(execValue(['/home/ann/Applications/Roadcam 0.1.0.AppImage', '--hidden'])).toBe(
      '"/home/ann/Applications/Roadcam 0.1.0.AppImage" --hidden',
    );
    // Inside quotes $ takes a backslash; the string value then doubles every backslash.
    expect(execValue(['/apps/$HOME/r"c\\am'])).toBe('"/apps/\\\\$HOME/r\\\\"c\\\\\\\\am"');
    expect(execValue(['/apps/100%/roadcam'])).toBe('/apps/100%%/roadcam');
  });

  it('puts the entry in $XDG_CONFIG_HOME/autostart, else ~/.config/autostart', () => {
    expect(autostartFile({ XDG_CONFIG_HOME: '/cfg' }, '/home/ann')).toBe(
      '/cfg/autostart/roadcam.desktop',
    );
    expect(autostartFile({}, '/home/ann')).toBe('/home/ann/.config/autostart/roadcam.desktop');
    // A relative value is invalid by the spec: ignored.
    expect(autostartFile({ XDG_CONFIG_HOME: 'cfg' }, '/home/ann')).toBe(
      '/home/ann/.config/autostart/roadcam.desktop',
    );
  });

  it('writes the file in a fresh config folder, leaves it when unchanged, and removes it', () => {
    const home = tempDir();
    const file = autostartFile({ XDG_CONFIG_HOME: join(home, 'config') }, home);
    const contents = autostartEntry('/opt/Roadcam/roadcam');
    expect(syncAutostart(file, contents)).toBe('written');
    expect(readFileSync(file, 'utf8')).toBe(contents);
    expect(statSync(file).mode & 0o777).toBe(0o644);
    expect(existsSync(`${file}.tmp`)).toBe(false);
    expect(syncAutostart(file, contents)).toBe('unchanged');
    expect(syncAutostart(file, autostartEntry('/home/ann/Roadcam.AppImage'))).toBe('written');
    expect(readFileSync(file, 'utf8')).toContain('Exec=/home/ann/Roadcam.AppImage --hidden');
    expect(syncAutostart(file, null)).toBe('removed');
    expect(existsSync(file)).toBe(false);
    expect(syncAutostart(file, null)).toBe('unchanged');
  });

  it.each([
    ['a newline', '/tmp/x\nExec=/tmp/evil\n#/roadcam', '000A'],
    ['a carriage return', '/tmp/x\rExec=/tmp/evil', '000D'],
    ['a tab', '/opt/Road\tcam/roadcam', '0009'],
    ['a NUL', '/opt/roadcam\u0000', '0000'],
    ['an escape', '/opt/\u001b[31mroadcam', '001B'],
    ['a DEL', '/opt/road\u007fcam', '007F'],
  ])('refuses a program path with %s, in words, and writes no entry', (_, program, code) => {
    const plan = loginPlan({ packaged: true, program, platform: 'linux' }, true);
    expect(plan).toEqual({
      kind: 'none',
      reason: expect.stringContaining(
        `holds a control character (U+${code}), which an autostart entry cannot carry; move Roadcam to a folder`,
      ),
    });
    expect(() => autostartEntry(program)).toThrow(/^Roadcam is not started at login: the program/);
    // Turning the setting off still removes an entry.
    expect(loginPlan({ packaged: true, program, platform: 'linux' }, false)).toEqual({
      kind: 'autostart',
      contents: null,
    });
  });

  it('writes an entry desktop-file-validate accepts, where it is installed', (context) => {
    let validate = '';
    try {
      validate = execFileSync('sh', ['-c', 'command -v desktop-file-validate'], {
        encoding: 'utf8',
      }).trim();
    } catch {
      context.skip('SKIPPED: desktop-file-validate (desktop-file-utils) is not installed');
    }
    const file = join(tempDir(), 'roadcam.desktop');
    syncAutostart(file, autostartEntry('/home/ann/My Apps/Roadcam $1.AppImage'));
    expect(execFileSync(validate, [file], { encoding: 'utf8' })).toBe('');
  });
});

describe('how the window starts', () => {
  const settings = { openAtLogin: true, startMinimised: false };

  it('starts hidden in the tray when the system starts it at login', () => {
    expect(
      startMode({ argv: ['/opt/Roadcam/roadcam', '--hidden'], openedAtLogin: false, settings }),
    ).toBe('hidden');
    expect(startMode({ argv: ['/Applications/Roadcam.app'], openedAtLogin: true, settings })).toBe(
      'hidden',
    );
    expect(startMode({ argv: ['/opt/Roadcam/roadcam'], openedAtLogin: false, settings })).toBe(
      'shown',
    );
  });

  it('starts minimised when asked, and shown from a login item the user turned off', () => {
    expect(
      startMode({
        argv: ['/opt/Roadcam/roadcam'],
        openedAtLogin: false,
        settings: { openAtLogin: false, startMinimised: true },
      }),
    ).toBe('minimised');
    expect(
      startMode({
        argv: ['/opt/Roadcam/roadcam', '--hidden'],
        openedAtLogin: false,
        settings: { openAtLogin: false, startMinimised: false },
      }),
    ).toBe('shown');
  });
});
