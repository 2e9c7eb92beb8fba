/**
 * The stand-in's native surfaces: Menu, Tray, Notification, dialog, shell, nativeImage, screen.
 * Each records what it was given; dialogs answer from the scripted queue (control.ts) or wait
 * until the test answers the shown dialog.
 */
import { EventEmitter } from 'node:events';
import type {
  Dialog,
  Menu as ElectronMenu,
  NativeImage,
  Notification as ElectronNotification,
  Screen,
  Shell,
  Tray as ElectronTray,
} from 'electron';
import { longLived, record, state, type ShownDialog } from './state.ts';

type Template = Electron.MenuItemConstructorOptions[];

export class Menu extends EventEmitter implements Pick<ElectronMenu, 'popup'> {
  readonly template: Template;
  constructor(template: Template = []) {
    super();
    this.template = template;
  }
  static buildFromTemplate(template: Array<Electron.MenuItemConstructorOptions>): Menu {
    return new Menu(template);
  }
  static setApplicationMenu(menu: Menu | null): void {
    record('Menu.setApplicationMenu');
    state().applicationMenu = menu;
  }
  static getApplicationMenu(): Menu | null {
    return state().applicationMenu as Menu | null;
  }
  popup(): void {
    record('menu.popup');
  }
}

export class Tray
  extends EventEmitter
  implements Pick<ElectronTray, 'setToolTip' | 'setContextMenu' | 'destroy'>
{
  readonly image: unknown;
  tooltip = '';
  menu: Menu | null = null;
  constructor(image: unknown) {
    super();
    this.image = image;
    state().trays.push(this);
  }
  setToolTip(toolTip: string): void {
    this.tooltip = toolTip;
  }
  setContextMenu(menu: ElectronMenu | null): void {
    this.menu = menu as unknown as Menu | null;
  }
  destroy(): void {
    record('tray.destroy');
  }
}

type NotificationMembers = 'show' | 'close' | 'title' | 'body';

export class Notification
  extends EventEmitter
  implements Pick<ElectronNotification, NotificationMembers>
{
  title: string;
  body: string;
  shown = false;
  constructor(options: Electron.NotificationConstructorOptions = {}) {
    super();
    this.title = options.title ?? '';
    this.body = options.body ?? '';
  }
  static isSupported(): boolean {
    return state().notificationsSupported;
  }
  show(): void {
    this.shown = true;
    state().notifications.push(this);
  }
  close(): void {
    record('notification.close', this.title);
  }
  /** What the user's click on it does. */
  click(): void {
    this.emit('click', { preventDefault() {} });
  }
}

/** A dialog's options whether or not a window came first. */
function optionsOf(args: unknown[]): Record<string, unknown> {
  return (args.length > 1 ? args[1] : args[0]) as Record<string, unknown>;
}

function shown<T>(
  kind: ShownDialog['kind'],
  options: Record<string, unknown>,
  scripted: T | undefined,
  reply: (value: T) => unknown,
): Promise<unknown> {
  return new Promise((resolve) => {
    const dialog: ShownDialog = {
      kind,
      options,
      answered: false,
      answer(value) {
        if (dialog.answered) throw new Error(`The ${kind} dialog was answered already`);
        dialog.answered = true;
        resolve(reply(value as T));
      },
    };
    state().dialogs.push(dialog);
    if (scripted !== undefined) dialog.answer(scripted);
  });
}

export const dialog = {
  showMessageBox(...args: unknown[]): Promise<Electron.MessageBoxReturnValue> {
    const options = optionsOf(args);
    return shown('messageBox', options, state().answers.messageBox.shift(), (response: number) => ({
      response,
      checkboxChecked: false,
    })) as Promise<Electron.MessageBoxReturnValue>;
  },
  showOpenDialog(...args: unknown[]): Promise<Electron.OpenDialogReturnValue> {
    const options = optionsOf(args);
    return shown('open', options, state().answers.open.shift(), (paths: string[] | null) => ({
      canceled: paths === null,
      filePaths: paths ?? [],
    })) as Promise<Electron.OpenDialogReturnValue>;
  },
  showSaveDialog(...args: unknown[]): Promise<Electron.SaveDialogReturnValue> {
    const options = optionsOf(args);
    return shown('save', options, state().answers.save.shift(), (path: string | null) => ({
      canceled: path === null,
      filePath: path ?? '',
    })) as Promise<Electron.SaveDialogReturnValue>;
  },
  showErrorBox(title: string, content: string): void {
    state().dialogs.push({
      kind: 'error',
      options: { title, content },
      answered: true,
      answer() {},
    });
  },
} satisfies Pick<Dialog, 'showMessageBox' | 'showOpenDialog' | 'showSaveDialog' | 'showErrorBox'>;

export const shell = {
  openExternal(url: string, options?: Electron.OpenExternalOptions): Promise<void> {
    record('shell.openExternal', url, options);
    return Promise.resolve();
  },
  openPath(path: string): Promise<string> {
    record('shell.openPath', path);
    return Promise.resolve('');
  },
  showItemInFolder(fullPath: string): void {
    record('shell.showItemInFolder', fullPath);
  },
} satisfies Pick<Shell, 'openExternal' | 'openPath' | 'showItemInFolder'>;

type ImageMembers = 'addRepresentation' | 'setTemplateImage' | 'isEmpty' | 'isTemplateImage';

class StandInImage implements Pick<NativeImage, ImageMembers> {
  readonly path: string;
  readonly representations: Electron.AddRepresentationOptions[] = [];
  template = false;
  constructor(path: string) {
    this.path = path;
  }
  addRepresentation(options: Electron.AddRepresentationOptions): void {
    this.representations.push(options);
  }
  setTemplateImage(option: boolean): void {
    this.template = option;
  }
  isTemplateImage(): boolean {
    return this.template;
  }
  isEmpty(): boolean {
    return false;
  }
}

export const nativeImage = {
  createFromPath: (path: string) => new StandInImage(path),
};

/** A display as Electron describes one, at `bounds` (its work area leaves 40 px for a panel). */
export function standInDisplay(id: number, bounds: Electron.Rectangle): Electron.Display {
  return {
    id,
    label: `Display ${id}`,
    bounds,
    workArea: { ...bounds, height: bounds.height - 40 },
    size: { width: bounds.width, height: bounds.height },
    workAreaSize: { width: bounds.width, height: bounds.height - 40 },
    scaleFactor: 1,
    rotation: 0,
    internal: false,
    monochrome: false,
    accelerometerSupport: 'unknown',
    colorDepth: 24,
    colorSpace: '',
    depthPerComponent: 8,
    detected: true,
    displayFrequency: 60,
    maximumCursorSize: { width: 0, height: 0 },
    nativeOrigin: { x: bounds.x, y: bounds.y },
    touchSupport: 'unknown',
  } as Electron.Display;
}

/**
 * The displays (control.ts's setDisplays; one 1920×1080 by default), the first the primary.
 * removeDisplay emits 'display-removed' as Electron does, with the display that went.
 */
class StandInScreen
  extends EventEmitter
  implements Pick<Screen, 'getAllDisplays' | 'getPrimaryDisplay'>
{
  getAllDisplays(): Electron.Display[] {
    return displays();
  }
  getPrimaryDisplay(): Electron.Display {
    return displays()[0]!;
  }
}

const onlyDisplay = standInDisplay(1, { x: 0, y: 0, width: 1920, height: 1080 });
function displays(): Electron.Display[] {
  const set = state().displays as Electron.Display[];
  return set.length > 0 ? [...set] : [onlyDisplay];
}
export const screen = longLived('screen', () => new StandInScreen());

/** A 'display-removed' listener's arguments: Electron's own (the check below fails otherwise). */
export type DisplayRemoved = [event: Electron.Event, oldDisplay: Electron.Display];
export const displayRemovedIsElectrons = (
  on: Screen,
  listener: (...args: DisplayRemoved) => void,
) => on.on('display-removed', listener);
