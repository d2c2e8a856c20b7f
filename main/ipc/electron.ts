// Electron transport for the IPC contract: one ipcMain.handle per channel, each going through
// the Dispatcher's guard with the calling frame's URL and the kind of window main created the
// sender as; events go to each window that may hear them (the customer display hears only its
// own event).
import { BrowserWindow, ipcMain } from 'electron'
import { channelNames } from '../../common/ipc'
import { EVENT_CHANNEL } from '../../common/ipc/contract'
import { CUSTOMER_DISPLAY_EVENT_CHANNEL } from '../../common/ipc/windows'
import type { EventBus } from '../kernel/events'
import type { Dispatcher } from './dispatch'
import { eventAllowedFor, type WindowRegistry } from './window-access'

export function registerIpc(
  dispatcher: Dispatcher,
  events: EventBus,
  registry: WindowRegistry,
): () => void {
  for (const channel of channelNames) {
    ipcMain.handle(channel, (event, input: unknown) =>
      dispatcher.dispatch(
        {
          transport: 'electron',
          // senderFrame is null when the frame navigated away or was destroyed: an empty URL
          // fails the sender check.
          url: event.senderFrame?.url ?? '',
          window: registry.kindOf(event.sender.id),
        },
        channel,
        input,
      ),
    )
  }
  const unsubscribe = events.subscribe((name, payload) => {
    for (const window of BrowserWindow.getAllWindows()) {
      if (window.isDestroyed()) continue
      const contents = window.webContents
      const kind = registry.kindOf(contents.id)
      if (!eventAllowedFor(kind, name)) continue
      contents.send(
        kind === 'customer-display' ? CUSTOMER_DISPLAY_EVENT_CHANNEL : EVENT_CHANNEL,
        name,
        payload,
      )
    }
  })
  return () => {
    unsubscribe()
    for (const channel of channelNames) ipcMain.removeHandler(channel)
  }
}
