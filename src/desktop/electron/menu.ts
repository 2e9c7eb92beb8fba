import { join } from 'node:path';
import { app, dialog, Menu, shell, type MenuItemConstructorOptions } from 'electron';
import type { Core } from '../../engine/index.ts';
import type { MessageKey, Translator } from '../../shared/i18n/translator.ts';
import { errorInWords, shellWords } from './language.ts';
import { linkCommand, osascriptElevate } from './shell-command.ts';

const views = [
  ['view.map', '/map'],
  ['view.wall', '/wall'],
  ['view.downloads', '/downloads'],
  ['view.collections', '/collections'],
  ['view.alerts', '/alerts'],
  ['view.settings', '/settings'],
] as const satisfies readonly (readonly [MessageKey, string])[];

type Role = NonNullable<MenuItemConstructorOptions['role']>;

/** The roles' own labels are Electron's English: each gets the catalogue's word instead. */
const roleWords = {
  about: 'desktop.role.about',
  services: 'desktop.role.services',
  hide: 'desktop.role.hide',
  hideOthers: 'desktop.role.hideOthers',
  unhide: 'desktop.role.unhide',
  quit: 'desktop.role.quit',
  close: 'desktop.role.close',
  undo: 'desktop.role.undo',
  redo: 'desktop.role.redo',
  cut: 'desktop.role.cut',
  copy: 'desktop.role.copy',
  paste: 'desktop.role.paste',
  pasteAndMatchStyle: 'desktop.role.pasteAndMatchStyle',
  delete: 'desktop.role.delete',
  selectAll: 'desktop.role.selectAll',
  resetZoom: 'desktop.role.resetZoom',
  zoomIn: 'desktop.role.zoomIn',
  zoomOut: 'desktop.role.zoomOut',
  togglefullscreen: 'desktop.role.togglefullscreen',
  toggleDevTools: 'desktop.role.toggleDevTools',
  minimize: 'desktop.role.minimize',
  zoom: 'desktop.role.zoom',
  front: 'desktop.role.front',
} as const satisfies Partial<Record<Role, MessageKey>>;

/** macOS: /usr/local/bin/roadcam -> the launcher in the bundle (docs/desktop.md). */
function installShellCommand(): void {
  const launcher = join(process.resourcesPath, 'bin', 'roadcam');
  const words = shellWords.words();
  linkCommand(launcher, '/usr/local/bin/roadcam', osascriptElevate, words).then(
    (message) => void dialog.showMessageBox({ message }),
    (error: Error) => dialog.showErrorBox(words.t('desktop.installCommand.failed'), error.message),
  );
}

/** Help > Show logs and Save diagnostics…: what support asks for. */
export interface HelpActions {
  showLogs(): void;
  saveDiagnostics(): void;
}

/**
 * The Help actions on the started core (its diagnostics feature asks where to save and writes
 * the zip); the logs folder opens even while the core is still starting.
 */
export function helpActions(core: () => Core | undefined, logsDir: string): HelpActions {
  const t: Translator['t'] = (...args) => shellWords.words().t(...args);
  return {
    showLogs: () =>
      void shell.openPath(logsDir).then((failed) => {
        if (failed) dialog.showErrorBox(t('desktop.logs.notOpened'), `${logsDir}: ${failed}`);
      }),
    saveDiagnostics: () => {
      const ready = core();
      if (!ready) {
        dialog.showErrorBox(t('desktop.diagnostics.notSaved'), t('desktop.diagnostics.starting'));
        return;
      }
      ready.api.invoke('diagnostics.save', {}).then(
        (saved) => saved && shell.showItemInFolder(saved.path),
        (error: unknown) =>
          dialog.showErrorBox(t('desktop.diagnostics.notSaved'), errorInWords(error)),
      );
    },
  };
}

/**
 * The application menu, in the shell's language and built again when it changes: the platform's
 * usual File/Edit/View/Window menus (with the app menu on macOS), a Go menu whose
 * CmdOrCtrl+1..6 switch views, and Help.
 */
export function installMenu(openRoute: (route: string) => void, help: HelpActions): void {
  const build = () =>
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(menuTemplate(shellWords.words(), openRoute, help)),
    );
  build();
  shellWords.onChange(build);
}

/** The menu's template in `words`: every label the catalogue's, roles included. */
export function menuTemplate(
  words: Translator,
  openRoute: (route: string) => void,
  help: HelpActions,
): MenuItemConstructorOptions[] {
  const isMac = process.platform === 'darwin';
  const role = (name: keyof typeof roleWords): MenuItemConstructorOptions => ({
    role: name,
    label: words.t(roleWords[name]),
  });
  const separator: MenuItemConstructorOptions = { type: 'separator' };
  const go: MenuItemConstructorOptions[] = views.map(([key, route], i) => ({
    label: words.t(key),
    accelerator: `CmdOrCtrl+${i + 1}`,
    click: () => openRoute(route),
  }));
  const appMenu: MenuItemConstructorOptions = {
    role: 'appMenu',
    label: app.getName(),
    submenu: [
      role('about'),
      separator,
      role('services'),
      separator,
      role('hide'),
      role('hideOthers'),
      role('unhide'),
      separator,
      role('quit'),
    ],
  };
  return [
    ...(isMac ? [appMenu] : []),
    {
      label: words.t('desktop.menu.file'),
      submenu: [
        // Only a packaged app has the launcher in its resources.
        ...(isMac && app.isPackaged
          ? [{ label: words.t('desktop.menu.installCommand'), click: installShellCommand }]
          : []),
        ...(isMac
          ? []
          : [
              {
                label: words.t('view.settings'),
                accelerator: 'CmdOrCtrl+,',
                click: () => openRoute('/settings'),
              },
            ]),
        separator,
        isMac ? role('close') : role('quit'),
      ],
    },
    {
      label: words.t('desktop.menu.edit'),
      submenu: [
        role('undo'),
        role('redo'),
        separator,
        role('cut'),
        role('copy'),
        role('paste'),
        ...(isMac ? [role('pasteAndMatchStyle')] : []),
        role('delete'),
        separator,
        role('selectAll'),
      ],
    },
    {
      label: words.t('desktop.menu.view'),
      submenu: [
        role('resetZoom'),
        role('zoomIn'),
        role('zoomOut'),
        separator,
        role('togglefullscreen'),
        ...(app.isPackaged ? [] : [separator, role('toggleDevTools')]),
      ],
    },
    { label: words.t('desktop.menu.go'), submenu: go },
    {
      role: 'windowMenu',
      label: words.t('desktop.menu.window'),
      submenu: [
        role('minimize'),
        role('zoom'),
        ...(isMac ? [separator, role('front')] : [role('close')]),
      ],
    },
    {
      role: 'help',
      label: words.t('desktop.menu.help'),
      submenu: [
        {
          label: words.t('desktop.menu.web'),
          click: () => void shell.openExternal('https://example.org/roadcam'),
        },
        separator,
        { label: words.t('desktop.menu.showLogs'), click: () => help.showLogs() },
        { label: words.t('desktop.menu.saveDiagnostics'), click: () => help.saveDiagnostics() },
      ],
    },
  ];
}
