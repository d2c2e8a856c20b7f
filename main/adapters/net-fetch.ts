// Gateway traffic in the app goes through Chromium's network stack (system proxy settings,
// OS certificate store) via net.fetch, from main only.
import { net } from 'electron'

export const netFetch: typeof fetch = (input, init) =>
  net.fetch(input instanceof URL ? input.toString() : input, init)
