// The renderer's side of step-up, in Node with a stand-in bridge: a call main refuses with
// `step_up_required` waits for the PIN dialog and is sent once more after it is confirmed;
// cancelled (or with no dialog on screen) it fails with main's words.
import { afterEach, describe, expect, it } from 'vitest'
import type { Envelope } from '../../../common/ipc/contract'
import { call, PosError } from '../../../renderer/lib/pos'
import { useStepUp } from '../../../renderer/session/stepUp'

const REFUSED: Envelope<never> = {
  ok: false,
  error: { code: 'step_up_required', message: 'Enter your PIN again.' },
}

function bridge(answers: Array<Envelope<unknown>>) {
  const calls: string[] = []
  ;(globalThis as { window?: unknown }).window = {
    pos: {
      invoke: async (channel: string) => {
        calls.push(channel)
        return answers.shift() ?? { ok: true, value: null }
      },
      on: () => () => undefined,
    },
  }
  return calls
}

afterEach(() => {
  delete (globalThis as { window?: unknown }).window
  useStepUp.setState({ mounted: false, reason: null, settle: null })
})

describe('step-up in the renderer', () => {
  it('asks for the PIN, then sends the same call once more', async () => {
    const calls = bridge([REFUSED, { ok: true, value: { id: 'u_1' } }])
    useStepUp.setState({ mounted: true })
    const pending = call('users.create', { name: 'Bea', role: 'cashier', pin: '1357' })
    await expect.poll(() => useStepUp.getState().reason).toBe('Enter your PIN again.')
    useStepUp.getState().finish(true)
    await expect(pending).resolves.toEqual({ id: 'u_1' })
    expect(calls).toEqual(['users.create', 'users.create'])
  })

  it('fails with main’s message when the person cancels', async () => {
    const calls = bridge([REFUSED])
    useStepUp.setState({ mounted: true })
    const pending = call('settings.removeKey', { environment: 'live' })
    await expect.poll(() => useStepUp.getState().reason).not.toBeNull()
    useStepUp.getState().finish(false)
    await expect(pending).rejects.toMatchObject({ code: 'step_up_required' })
    expect(calls).toEqual(['settings.removeKey'])
  })

  it('fails at once where no dialog is on screen', async () => {
    bridge([REFUSED])
    await expect(call('users.remove', { id: 'u_12345678' })).rejects.toBeInstanceOf(PosError)
  })
})
