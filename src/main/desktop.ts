/**
 * What only the desktop app can do for the core (Electron's dialog and shell), injected by the
 * Electron entry. Browser mode and the CLI have none: their UIs offer a text field instead.
 */
export interface DesktopBridge {
  /** A native folder picker; null when the user cancels. */
  chooseFolder(title: string, defaultPath?: string): Promise<string | null>;
}
