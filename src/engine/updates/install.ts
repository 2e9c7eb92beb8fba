/**
 * How this copy of Roadcam was installed, which decides whether it can replace itself.
 * electron-updater replaces the Windows (NSIS) and macOS apps and a Linux AppImage. A deb, rpm
 * or pacman install belongs to the system's package manager: replacing it needs root (a pkexec
 * prompt at quit) and would leave the package database out of step, so Roadcam says a new
 * version exists and how to install it instead.
 */
export type InstallKind =
  /** Replaces itself on quit (NSIS, dmg, AppImage). */
  | { kind: 'self' }
  /** Installed by the system's package manager: told, not replaced. */
  | { kind: 'package'; format: 'deb' | 'rpm' | 'pacman' }
  /** Browser mode, the CLI, a development build: nothing installed to replace. */
  | { kind: 'not-installed' };

export interface InstallFacts {
  platform: string;
  /** Electron's app.isPackaged. */
  packaged: boolean;
  env: Record<string, string | undefined>;
  /**
   * The `package-type` file electron-builder writes into the resources of a deb, rpm or
   * pacman build (the file electron-updater itself reads); null when there is none.
   */
  packageType: string | null;
}

export function detectInstall(facts: InstallFacts): InstallKind {
  if (!facts.packaged) return { kind: 'not-installed' };
  if (facts.platform !== 'linux') return { kind: 'self' };
  const written = facts.packageType?.trim();
  if (written === 'deb' || written === 'rpm' || written === 'pacman')
    return { kind: 'package', format: written };
  // The AppImage runtime sets APPIMAGE to its own path; a packaged Linux app without it was
  // unpacked by a package manager (a deb built before package-type was written, say).
  if (facts.env['APPIMAGE']) return { kind: 'self' };
  return { kind: 'package', format: 'deb' };
}

/** The command that installs a downloaded package, for the words beside the download link. */
export function packageHint(format: 'deb' | 'rpm' | 'pacman', file: string): string {
  const { command, alternative } = packageCommands(format, file);
  return alternative ? `${command} (or ${alternative})` : command;
}

/** The command that installs the package, and another that does the same (a front end says "or"). */
export function packageCommands(
  format: 'deb' | 'rpm' | 'pacman',
  file: string,
): { command: string; alternative: string | null } {
  const name = file.split('/').pop() || `roadcam.${format}`;
  if (format === 'rpm')
    return { command: `sudo dnf install ./${name}`, alternative: `sudo rpm -U ${name}` };
  if (format === 'pacman') return { command: `sudo pacman -U ${name}`, alternative: null };
  return { command: `sudo apt install ./${name}`, alternative: `sudo dpkg -i ${name}` };
}
