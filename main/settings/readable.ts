// Shared by the two settings backends (conf in Node, electron-store in the app).
import { AppError } from '../kernel/errors'

/**
 * Opens the settings file with `open` (conf or electron-store, which read it at once), and
 * turns a file that is not JSON (cut short, a byte changed) into the words the admin reads:
 * the till does not start on staff and keys it cannot read, and the file is left as it is.
 */
export function readableSettings<T>(open: () => T, where: string): T {
  try {
    return open()
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error
    throw new AppError(
      'settings_corrupt',
      `The settings file in ${where} is not readable (${error.message}), so Tilldesk cannot tell who may sign in. It was left as it is: restore it from a backup, or call support.`,
      { say: { key: 'settings.unreadable', params: { where } } },
    )
  }
}
