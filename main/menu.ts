// The application menu: the usual roles (edit for copy/paste of account numbers, window,
// view zoom for legibility). Reload and DevTools only in development.
import { Menu, type MenuItemConstructorOptions } from 'electron'

export function buildMenu(options: { isMac: boolean; dev: boolean }): Menu {
  const template: MenuItemConstructorOptions[] = [
    ...(options.isMac ? [{ role: 'appMenu' as const }] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        ...(options.dev
          ? ([
              { role: 'reload' },
              { role: 'forceReload' },
              { role: 'toggleDevTools' },
              { type: 'separator' },
            ] as const)
          : []),
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
  ]
  return Menu.buildFromTemplate(template)
}
