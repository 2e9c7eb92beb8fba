import { join } from 'node:path';
import { app, dialog, Menu, shell, type MenuItemConstructorOptions } from 'electron';
import type { Core } from '../../engine/index.ts';
import { linkCommand, osascriptElevate } from './shell-command.ts';

const views = [
  ['Map', '/map'],
  ['Wall', '/wall'],
  ['Downloads', '/downloads'],
  ['Collections', '/collections'],
  ['Alerts', '/alerts'],
  ['Settings', '/settings'],
] as const;

/** macOS: /usr/local/bin/roadcam -> the launcher in the bundle (docs/desktop.md). */
function installShellCommand(): void {
  const launcher = join(process.resourcesPath, 'bin', 'roadcam');
  linkCommand(launcher, '/usr/local/bin/roadcam', osascriptElevate).then(
    (message) => void dialog.showMessageBox({ message }),
    (error: Error) => dialog.showErrorBox("The 'roadcam' command was not installed", error.message),
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
  return {
    showLogs: () =>
      void shell.openPath(logsDir).then((failed) => {
        if (failed)
          dialog.showErrorBox('The logs folder could not be opened', `${logsDir}: ${failed}`);
      }),
    saveDiagnostics: () => {
      const ready = core();
      if (!ready) {
        dialog.showErrorBox(
          'Diagnostics not saved',
          'Roadcam is still starting: try again in a moment.',
        );
        return;
      }
      ready.api.invoke('diagnostics.save', {}).then(
        (saved) => saved && shell.showItemInFolder(saved.path),
        (error: Error) => dialog.showErrorBox('Diagnostics not saved', error.message),
      );
    },
  };
}

/**
 * The application menu: the platform's usual File/Edit/View/Window roles (with the app menu on
 * macOS), a Go menu whose CmdOrCtrl+1..6 switch views, and Help.
 */
export function installMenu(openRoute: (route: string) => void, help: HelpActions): void {
  const isMac = process.platform === 'darwin';
  const go: MenuItemConstructorOptions[] = views.map(([label, route], i) => ({
    label,
    accelerator: `CmdOrCtrl+${i + 1}`,
    click: () => openRoute(route),
  }));
  const template: MenuItemConstructorOptions[] = [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        // Only a packaged app has the launcher in its resources.
        ...(isMac && app.isPackaged
          ? [{ label: "Install 'roadcam' Command in PATH", click: installShellCommand }]
          : []),
        ...(isMac
          ? []
          : [
              {
                label: 'Settings',
                accelerator: 'CmdOrCtrl+,',
                click: () => openRoute('/settings'),
              },
            ]),
        { type: 'separator' },
        isMac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
        ...(app.isPackaged
          ? []
          : [{ type: 'separator' as const }, { role: 'toggleDevTools' as const }]),
      ],
    },
    { label: 'Go', submenu: go },
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [
        {
          label: 'Roadcam on the web',
          click: () => void shell.openExternal('https://example.org/roadcam'),
        },
        { type: 'separator' },
        { label: 'Show Logs', click: () => help.showLogs() },
        { label: 'Save Diagnostics…', click: () => help.saveDiagnostics() },
      ],
    },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
