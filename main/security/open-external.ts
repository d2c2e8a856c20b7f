// The only call to shell.openExternal in Tilldesk. Two policies:
// - 'allow-list': links a page asked to open (window.open, target=_blank) go out only to our
//   fixed https hosts (external.ts);
// - 'web': pages main itself chose (the gateway's hosted checkout it just received) go out
//   when they are plain web pages: https, or http on this computer for the demo gateway.
// Never file:, smb:, custom schemes or URLs with credentials: the classic openExternal RCEs.
import { shell } from 'electron'
import { isAllowedExternalUrl, isPlainWebUrl } from './external'

export type ExternalPolicy = 'allow-list' | 'web'

export async function openExternalChecked(url: string, policy: ExternalPolicy): Promise<boolean> {
  const allowed = policy === 'allow-list' ? isAllowedExternalUrl(url) : isPlainWebUrl(url)
  if (!allowed) return false
  await shell.openExternal(url, { activate: true })
  return true
}
