import type { Said } from '../shared/i18n/translator.ts';
import type { WallDisplay } from '../shared/ipc/wall.ts';
import type { ConsentQuestion } from './consent/gate.ts';

/**
 * What only the desktop app can do for the core (Electron's dialog and shell), injected by the
 * Electron entry. Browser mode and the CLI have none: their UIs offer a text field instead of
 * a folder picker, and show a downloaded file's path instead of opening it.
 */
export interface DesktopBridge {
  /** A native folder picker; null when the user cancels. */
  chooseFolder(title: string, defaultPath?: string): Promise<string | null>;
  /** A native picker of one existing file, with optional type filters; null when canceled. */
  chooseFile(
    title: string,
    defaultPath: string | undefined,
    filters: { name: string; extensions: string[] }[],
  ): Promise<string | null>;
  /** A native save dialog (Save diagnostics…), said in the shell's language; null when canceled. */
  chooseSaveFile?(
    title: Said,
    defaultName: string,
    filters: { name: Said; extensions: string[] }[],
  ): Promise<string | null>;
  /** Opens a file with its application; resolves to an error text, empty on success. */
  openPath(path: string): Promise<string>;
  /** Shows a file selected in the system's file manager. */
  showItemInFolder(path: string): void;
  /**
   * A native question over the window (the page cannot draw or answer it), Cancel the default:
   * true only when the user chose to go ahead. Guards the settings that reach the machine.
   */
  confirm(question: ConsentQuestion): Promise<boolean>;
  /** The displays a saved wall can go on (wall-screens.ts). */
  wallDisplays?(): WallDisplay[];
  /** A saved wall on display N (1..), full screen or kiosk, remembered; rejects in words. */
  showWallOnDisplay?(wallId: number, display: number, kiosk: boolean): Promise<void>;
}
