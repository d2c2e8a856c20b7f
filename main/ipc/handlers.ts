// Handler maps: one function per channel, given the zod-parsed input and who is calling.
// Feature modules return `Handlers<typeof xChannels>` and the composition root registers them.
import type { ChannelTable, ParsedInputOf, ResultOf } from '../../common/ipc/contract'
import type { PublicUser } from '../../common/ipc/users'
import { AppError } from '../kernel/errors'
import type { SenderWindow } from './window-access'

export interface SenderInfo {
  transport: 'electron' | 'preview' | 'test'
  /** The calling frame's URL (Electron) or the connection's page origin (preview). */
  url: string
  /** Electron: the kind of window main created the sender as ('unknown' if none). */
  window?: SenderWindow
}

export interface CallContext {
  /** Signed-in user at the moment of the call; non-null for every non-public channel. */
  user: PublicUser | null
  sender: SenderInfo
}

export type Handler<S> = (
  input: ParsedInputOf<S>,
  context: CallContext,
) => ResultOf<S> | Promise<ResultOf<S>>

export type Handlers<T extends ChannelTable> = { [K in keyof T]: Handler<T[K]> }

/** The caller of a non-public channel. The guard has already checked there is one. */
export function actor(context: CallContext): PublicUser {
  if (!context.user)
    throw new AppError('not_signed_in', 'Sign in first.', { say: { key: 'signInFirst' } })
  return context.user
}
