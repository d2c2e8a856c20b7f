// The names of the shell's two session partitions (see sessions.ts). A file of its own, with no
// Electron import, so tests outside Electron can name them.

/** Persistent: the renderer's storage (zoom, local storage) survives a restart. */
export const UI_PARTITION = 'persist:tilldesk-ui'
/** In memory: no cookies or cache of gateway responses on disk. */
export const GATEWAY_PARTITION = 'tilldesk-gateway'
