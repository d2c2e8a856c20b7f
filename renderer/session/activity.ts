// Tells main the till is in use (a key or a pointer press in this window), at most every
// few seconds. Only the browser preview counts it: in the app main sees our windows' input
// itself (main/session/window-input.ts) and ignores what a page says, which a page could send
// for ever. Nothing about the input itself is sent.
import { call } from '../lib/pos'

const EVERY_MS = 10_000

export function reportActivity(target: Window = window): () => void {
  let last = 0
  const onInput = () => {
    const now = Date.now()
    if (now - last < EVERY_MS) return
    last = now
    call('session.activity').catch(() => {
      // Losing one report only brings the lock a little closer.
    })
  }
  target.addEventListener('keydown', onInput, { passive: true })
  target.addEventListener('pointerdown', onInput, { passive: true })
  return () => {
    target.removeEventListener('keydown', onInput)
    target.removeEventListener('pointerdown', onInput)
  }
}
