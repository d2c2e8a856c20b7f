// Typed calls to main. Works the same whether `window.pos` came from Electron's preload or
// from the preview's WebSocket bridge: the renderer never knows which.
import type {
  ChannelName,
  Channels,
  EventName,
  Events,
  InputOf,
  PayloadOf,
  ResultOf,
} from '../../common/ipc'
import type { WireError } from '../../common/ipc/contract'
import { STEP_UP_REQUIRED } from '../../common/ipc/session'
import { t } from '../i18n'
import { sayWire } from '../i18n/errors'
import { askForStepUp } from '../session/stepUp'

/** A failed call: `message` is written for the person at the till; `fields` for forms. */
export class PosError extends Error {
  override readonly name = 'PosError'
  readonly code: string
  readonly fields: Record<string, string>

  constructor(error: WireError) {
    const said = sayWire(error)
    super(said.message)
    this.code = error.code
    this.fields = said.fields
  }
}

const bridge = () => {
  const pos = window.pos
  if (!pos) {
    throw new PosError({
      code: 'bridge_closed',
      message: t('common.notConnected'),
    })
  }
  return pos
}

type Args<K extends ChannelName> =
  undefined extends InputOf<Channels[K]>
    ? [input?: InputOf<Channels[K]>]
    : [input: InputOf<Channels[K]>]

export async function call<K extends ChannelName>(
  channel: K,
  ...args: Args<K>
): Promise<ResultOf<Channels[K]>> {
  const envelope = await bridge().invoke(channel, args[0] as InputOf<Channels[K]>)
  // Keys, base URLs, staff: main wants the PIN again. Ask, then send the same call once more.
  if (!envelope.ok && envelope.error.code === STEP_UP_REQUIRED && channel !== 'session.stepUp') {
    if (await askForStepUp(sayWire(envelope.error).message)) return call(channel, ...args)
  }
  if (!envelope.ok) throw new PosError(envelope.error)
  return envelope.value
}

export function subscribe<K extends EventName>(
  event: K,
  listener: (payload: PayloadOf<Events[K]>) => void,
): () => void {
  return bridge().on(event, listener)
}

/** A message for any thrown value, for banners and toasts. */
export function messageOf(error: unknown): string {
  if (error instanceof PosError) return error.message
  return t('common.somethingWrong')
}

export function fieldsOf(error: unknown): Record<string, string> {
  return error instanceof PosError ? error.fields : {}
}

/** For a form's banner: point at the fields when the error names them, else the message. */
export function summaryOf(error: unknown): string {
  const count = Object.keys(fieldsOf(error)).length
  if (count === 0) return messageOf(error)
  return t('common.checkFields', { count })
}
