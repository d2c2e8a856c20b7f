// Step-up: main refuses a change of keys, base URLs or staff with `step_up_required` when the
// PIN was not entered in the last few minutes. Instead of failing the form, the call waits
// while the StepUpDialog asks for the PIN (session.stepUp), then is sent once more. Cancel
// gives the form main's own message.
import { create } from 'zustand'

interface StepUpStore {
  /** A StepUpDialog is on screen to ask; without one, calls fail with main's message. */
  mounted: boolean
  /** Main's words for why the PIN is needed; null when the dialog is closed. */
  reason: string | null
  settle: ((confirmed: boolean) => void) | null
  ask(reason: string): Promise<boolean>
  finish(confirmed: boolean): void
}

export const useStepUp = create<StepUpStore>((set, get) => ({
  mounted: false,
  reason: null,
  settle: null,
  ask(reason) {
    if (!get().mounted) return Promise.resolve(false)
    // A second sensitive call while the dialog is open waits on the same answer.
    const pending = get().settle
    return new Promise<boolean>((resolve) => {
      set({
        reason,
        settle: (confirmed) => {
          pending?.(confirmed)
          resolve(confirmed)
        },
      })
    })
  },
  finish(confirmed) {
    const settle = get().settle
    set({ reason: null, settle: null })
    settle?.(confirmed)
  },
}))

export const askForStepUp = (reason: string): Promise<boolean> => useStepUp.getState().ask(reason)
