// The renderer's only door to main: `window.pos`, put there by preload (Electron) or the
// preview's bridge script. Code uses it through lib/pos.ts, never directly.
import type { Pos } from '../common/ipc'

declare global {
  interface Window {
    readonly pos?: Pos
  }
}

declare module '*.css' {}
