// Electron transport for the IPC contract: one ipcMain.handle per channel, each going through
// the Dispatcher's guard with the calling frame's URL; events fan out to every window.
import { BrowserWindow, ipcMain } from 'electron'
import { channelNames } from '../../common/ipc'
import { EVENT_CHANNEL } from '../../common/ipc/contract'
import type { EventBus } from '../app/events'
import type { Dispatcher } from './dispatch'

export function registerIpc(dispatcher: Dispatcher, events: EventBus): () => void {
  for (const channel of channelNames) {
    ipcMain.handle(channel, (event, input: unknown) =>
      dispatcher.dispatch(
        // senderFrame is null when the frame navigated away or was destroyed: an empty URL
        // fails the sender check.
        { transport: 'electron', url: event.senderFrame?.url ?? '' },
        channel,
        input,
      ),
    )
  }
  const unsubscribe = events.subscribe((name, payload) => {
    for (const window of BrowserWindow.getAllWindows()) {
      if (!window.isDestroyed()) window.webContents.send(EVENT_CHANNEL, name, payload)
    }
  })
  return () => {
    unsubscribe()
    for (const channel of channelNames) ipcMain.removeHandler(channel)
  }
}
